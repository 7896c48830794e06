import { useEffect, useRef, type ReactNode } from "react";
import { useSiteSettings } from "#app/components/site-settings";
import { TextLink } from "#app/components/ui";
import { TextField } from "#app/components/text-field";
import {
  TextAreaField,
  VisitorEmailField,
  VisitorOptionalNameField,
  VisitorFormSection,
  type VisitorFormWords,
} from "#app/components/visitor-form";
import { BARRIER_FORM_ANCHOR, CONFORMANCE_REPORT, CONFORMANCE_REPORT_PATH } from "#app/domain/accessibility-report";
import { BARRIER_MESSAGES, CONTACT_MESSAGE_MAX } from "#app/domain/contact";
import { barrierReportSchemaIn } from "#app/domain/forms/contact";
import { SOURCE_LANGUAGE } from "#app/domain/languages";
import { englishPart } from "#app/messages/en";
import { fieldMessages } from "#app/server/render/messages.server";
import type { PageHandle } from "#app/domain/live";
import { ACCESSIBILITY_PATH } from "#app/domain/paths";
import { seoContext, seoMeta } from "#app/domain/seo";
import { answerVisitorForm } from "#app/server/platform/visitor-form.server";
import { keepRetryAfter } from "#app/server/platform/rate-limit-headers.server";
import { requestContext, servicesContext } from "#app/server/runtime/context.server";
import type { Route } from "./+types/accessibility";

/** Fixed text and the site settings (the root's topic): cached for visitors until a change names those topics. */
export const handle: PageHandle = { cache: {} };

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    ...seoContext(matches),
    title: "Accessibility",
    description:
      "What this site supports for people with disabilities, its conformance report (WCAG 2.2 AA, VPAT 2.5), and how to tell us about a barrier.",
    path: ACCESSIBILITY_PATH,
  });

export const headers = keepRetryAfter;

/** The page is English until it is translated: its form's words too. */
export function loader() {
  return { formWords: englishPart("visitorForm") };
}

const BARRIER_FIELDS = ["name", "email", "pageAddress", "assistiveTechnology", "message"] as const;
type FieldErrors = Partial<Record<(typeof BARRIER_FIELDS)[number], string>>;

const SENT_PATH = `${ACCESSIBILITY_PATH}?sent=1#${BARRIER_FORM_ANCHOR}`;

/** A barrier's report: checked, limited per client, kept for the accessibility inbox and mailed to the team. */
export async function action({ request, context }: Route.ActionArgs) {
  const { contact } = context.get(servicesContext);
  const { clientAddress } = context.get(requestContext);
  return answerVisitorForm({
    request,
    fields: BARRIER_FIELDS,
    schema: barrierReportSchemaIn(fieldMessages(SOURCE_LANGUAGE)),
    sentPath: SENT_PATH,
    send: (value) => contact.reportBarrier(value, clientAddress),
    tooMany: BARRIER_MESSAGES.tooMany,
  });
}

const SUPPORTED = [
  "Every page and every task, the dashboard's too, works with a keyboard alone; focus is always visible and moves to what changed.",
  "Pages are built of headings, landmarks, lists, tables and labelled controls, so screen readers (NVDA, JAWS, VoiceOver, TalkBack) read them as they are meant; a skip link on every page leads past the menus.",
  "Text can be enlarged to 200% and pages reflow to a width of 320 CSS pixels without scrolling sideways.",
  "The home page's slides can be paused, and do not move by themselves for people who ask their system for reduced motion; nothing else on the site moves on its own.",
  "Windows' contrast themes (forced colors) keep every button and field outlined.",
  "Signing in works with a password manager, a passkey or your organization's single sign-on: nothing needs to be remembered or transcribed.",
] as const;

export default function Accessibility({ loaderData, actionData }: Route.ComponentProps) {
  const { companyName, contactEmail } = useSiteSettings();
  const report = CONFORMANCE_REPORT;
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <header className="border-b border-slate-200 pb-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Accessibility</h1>
        <p className="mt-3 text-lg text-slate-700">
          {companyName} wants everyone who chooses, installs or looks after our cameras to be able to use this site,
          whatever their abilities and whatever they use to browse it.
        </p>
      </header>
      <StatementSection id="conformance" title="Conformance">
        <p className="text-slate-700">
          This site, its public pages and its dashboard, conforms to the Web Content Accessibility Guidelines (WCAG) 2.2
          at level AA, with the exceptions the report below names. Our Accessibility Conformance Report, in the VPAT®
          2.5 WCAG format, says criterion by criterion how the site meets them, and names the automated test that checks
          each claim every time the site changes.
        </p>
        <p>
          <TextLink href={CONFORMANCE_REPORT_PATH} download weight="semibold">
            Download the Accessibility Conformance Report (VPAT 2.5, WCAG 2.2, HTML)
          </TextLink>
        </p>
        <p className="text-sm text-slate-600">Report of {report.date}.</p>
      </StatementSection>
      <StatementSection id="supported" title="What the site supports">
        <ul className="list-disc space-y-2 pl-5 text-slate-700">
          {SUPPORTED.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </StatementSection>
      <StatementSection id="limitations" title="Known limitations">
        <ul className="list-disc space-y-2 pl-5 text-slate-700">
          {report.limitations.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </StatementSection>
      <StatementSection id="testing" title="How we check it">
        <p className="text-slate-700">{report.evaluationMethods}</p>
      </StatementSection>
      <BarrierForm answer={actionData} contactEmail={contactEmail} words={loaderData.formWords} />
    </article>
  );
}

/** A part of the statement under its heading, a region named by it. */
function StatementSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-8 space-y-3">
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

type Answer = Route.ComponentProps["actionData"];

/** The Navigation API's view of the tab's history (Chromium; Safari and Firefox since 2026). */
interface NavigationHistory {
  currentEntry: { index: number } | null;
  entries(): { url: string | null }[];
}

/**
 * The page of this site the visitor was on before this one, as a path: the tab's previous entry (a
 * client-side navigation leaves `document.referrer` at the first page loaded), else the referrer.
 */
function previousPageOnSite(): string | undefined {
  const history = (window as { navigation?: NavigationHistory }).navigation;
  const index = history?.currentEntry?.index;
  const previous = history && index ? history.entries()[index - 1]?.url : document.referrer;
  if (!previous) return undefined;
  const url = new URL(previous);
  return url.origin === window.location.origin ? `${url.pathname}${url.search}` : undefined;
}

/**
 * The barrier form: it works without scripts; the server's messages show beside each field. The page
 * the visitor came from is offered as where they met the barrier.
 */
function BarrierForm({
  answer,
  contactEmail,
  words,
}: {
  answer: Answer;
  contactEmail: string;
  words: VisitorFormWords;
}) {
  const errors: FieldErrors = answer?.status === "invalid" ? answer.errors : {};
  const values = answer && "values" in answer ? answer.values : undefined;
  const pageField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const field = pageField.current;
    const page = previousPageOnSite();
    if (field && !field.value && page && !page.startsWith(ACCESSIBILITY_PATH)) field.value = page;
  }, []);
  return (
    <VisitorFormSection
      id={BARRIER_FORM_ANCHOR}
      className="mt-10 scroll-mt-20 border-t border-slate-200 pt-8"
      title="Report a barrier"
      intro={
        <p className="mt-2 text-slate-700">
          Something on this site you could not read, reach or use? Tell us here, or write to{" "}
          <TextLink href={`mailto:${contactEmail}`} weight="medium" className="break-all">
            {contactEmail}
          </TextLink>
          . We answer within two working days and, until it is fixed, send you what you were looking for in a form that
          works for you.
        </p>
      }
      action={ACCESSIBILITY_PATH}
      answer={answer}
      sent={BARRIER_MESSAGES.sent}
      submitLabel="Send report"
      honeypotId="barrier-website"
      words={words}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <VisitorOptionalNameField
          id="barrier-name"
          label={words.optionalName}
          value={values?.name}
          error={errors.name}
        />
        <VisitorEmailField id="barrier-email" label={words.email} value={values?.email} error={errors.email} />
        <TextField
          ref={pageField}
          id="barrier-page"
          name="pageAddress"
          label="Page (optional)"
          autoComplete="off"
          maxLength={500}
          defaultValue={values?.pageAddress}
          error={errors.pageAddress}
        />
        <TextField
          id="barrier-technology"
          name="assistiveTechnology"
          label="Browser and assistive technology (optional)"
          autoComplete="off"
          maxLength={200}
          defaultValue={values?.assistiveTechnology}
          error={errors.assistiveTechnology}
        />
      </div>
      <TextAreaField
        id="barrier-message"
        name="message"
        label="What you met"
        hint="What you were trying to do, and what stopped you."
        maxLength={CONTACT_MESSAGE_MAX}
        defaultValue={values?.message}
        error={errors.message}
      />
    </VisitorFormSection>
  );
}
