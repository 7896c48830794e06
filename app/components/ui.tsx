import type { ComponentProps, ReactNode, Ref } from "react";
import { Link } from "./links";

export function Card({
  title,
  headingLevel = 1,
  children,
  className = "",
}: {
  title?: ReactNode;
  /** 2 where the page already has its own h1 and holds several cards. */
  headingLevel?: 1 | 2;
  children: ReactNode;
  className?: string;
}) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <section className={`rounded-xl border border-slate-200 bg-white p-6 shadow-sm ${className}`}>
      {title ? <Heading className="mb-4 text-2xl font-semibold tracking-tight text-slate-900">{title}</Heading> : null}
      {children}
    </section>
  );
}

const BUTTON_VARIANTS = {
  primary: "rounded-md bg-brand-700 font-semibold text-white shadow-sm hover:bg-brand-900 disabled:opacity-60",
  secondary:
    "rounded-md border border-slate-300 bg-white font-semibold text-slate-800 shadow-sm hover:bg-slate-50 disabled:opacity-60",
  danger: "rounded-md bg-red-700 font-semibold text-white shadow-sm hover:bg-red-800 disabled:opacity-60",
  /** Small actions inside a form (add, remove, change) that read as links. */
  link: "font-semibold text-brand-700 underline hover:text-brand-900 disabled:text-slate-400 disabled:no-underline",
} as const;

const BUTTON_SIZES = { md: "px-4 py-2", sm: "px-3 py-1.5" } as const;

export type ButtonVariant = keyof typeof BUTTON_VARIANTS;

/** The site's buttons: one look per job; `className` only places it (width, margins), never restyles it. */
export function Button({
  variant = "primary",
  size = "md",
  className = "",
  ...props
}: ComponentProps<"button"> & { variant?: ButtonVariant; size?: keyof typeof BUTTON_SIZES }) {
  const shape = variant === "link" ? "" : `inline-flex items-center justify-center ${BUTTON_SIZES[size]}`;
  return <button className={`${shape} text-sm ${BUTTON_VARIANTS[variant]} ${className}`.trim()} {...props} />;
}

const TEXT_WEIGHTS = { normal: "", medium: "font-medium", semibold: "font-semibold" } as const;
/** In running text a link is always underlined; as the title of a row or card, only under the pointer. */
const TEXT_UNDERLINES = {
  always: "text-brand-700 underline hover:text-brand-900",
  hover: "text-brand-700 underline-offset-2 hover:underline",
} as const;

type TextLinkProps = {
  weight?: keyof typeof TEXT_WEIGHTS;
  underline?: keyof typeof TEXT_UNDERLINES;
  className?: string;
} & (ComponentProps<typeof Link> | (ComponentProps<"a"> & { href: string; to?: never }));

/**
 * A link in running text or beside a form: a route of the site (`to`), or with `href` a stored file,
 * a mail address or another site, which the browser opens itself.
 */
export function TextLink({
  weight = "normal",
  underline = "always",
  className = "",
  children,
  ...props
}: TextLinkProps) {
  const classes = [TEXT_UNDERLINES[underline], TEXT_WEIGHTS[weight], className].filter(Boolean).join(" ");
  if ("to" in props && props.to !== undefined) {
    return (
      <Link {...props} className={classes}>
        {children}
      </Link>
    );
  }
  return (
    <a {...props} className={classes}>
      {children}
    </a>
  );
}

/** A message; with `ref`, one that focus is moved to (what changed, for the keyboard and a screen reader). */
export function Alert({
  tone,
  children,
  ref,
}: {
  tone: "error" | "success" | "info";
  children: ReactNode;
  ref?: Ref<HTMLDivElement>;
}) {
  const styles = {
    error: "border-red-200 bg-red-50 text-red-800",
    success: "border-green-200 bg-green-50 text-green-800",
    info: "border-sky-200 bg-sky-50 text-sky-900",
  }[tone];
  return (
    <div
      ref={ref}
      tabIndex={ref ? -1 : undefined}
      role={tone === "error" ? "alert" : "status"}
      className={`rounded-md border px-4 py-3 text-sm ${styles}`}
    >
      {children}
    </div>
  );
}
