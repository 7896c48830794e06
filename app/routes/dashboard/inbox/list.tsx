import { useSearchParams } from "react-router";
import { LocalTime } from "#app/components/local-time";
import { Pagination, requestedPage } from "#app/components/pagination";
import { Alert, Card } from "#app/components/ui";
import { Link } from "#app/components/links";
import { inboxPath, isInboxBox, sender, type InboxBox } from "#app/domain/contact";
import type { PageHandle } from "#app/domain/live";
import { servicesContext } from "#app/server/runtime/context.server";
import { dashboardMeta } from "../meta";
import type { Route } from "./+types/list";
import { DASHBOARD_LANGUAGES, paginationView } from "#app/server/render/messages.server";

export const handle: PageHandle = { live: ["inbox"] };

export const meta: Route.MetaFunction = ({ loaderData }) =>
  dashboardMeta(loaderData && loaderData.box !== "contact" ? boxOf(loaderData.box).label : "Inbox");

export async function loader({ url, context }: Route.LoaderArgs) {
  const page = requestedPage(url);
  const asked = url.searchParams.get("box");
  const box: InboxBox = isInboxBox(asked) ? asked : "contact";
  const messages = await context.get(servicesContext).contact.list(box, page);
  return { box, messages, pagination: paginationView(messages, DASHBOARD_LANGUAGES) };
}

const BOXES = [
  {
    box: "contact",
    label: "Messages",
    about:
      "Messages visitors sent through the contact form, newest first. Each was also mailed to the contact address of the site settings; a reply goes to the visitor.",
    none: "No messages yet.",
    deleted: "Message deleted.",
  },
  {
    box: "security",
    label: "Security reports",
    about:
      "Vulnerability reports sent through the form on the disclosure policy page, newest first. Each was also mailed to the security address of the site settings, and its reporter was mailed an acknowledgment with its reference.",
    none: "No security reports yet.",
    deleted: "Report deleted.",
  },
  {
    box: "accessibility",
    label: "Accessibility reports",
    about:
      "Barriers visitors reported through the form on the accessibility page, newest first. Each was also mailed to the contact address of the site settings; a reply goes to the visitor.",
    none: "No accessibility reports yet.",
    deleted: "Report deleted.",
  },
] as const satisfies readonly { box: InboxBox; label: string; about: string; none: string; deleted: string }[];

function boxOf(box: InboxBox) {
  return BOXES.find((each) => each.box === box) ?? BOXES[0];
}

/** The first words of a message, on one line. */
function opening(message: string): string {
  const text = message.replace(/\s+/g, " ").trim();
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

export default function Inbox({ loaderData }: Route.ComponentProps) {
  const { box, messages } = loaderData;
  const [searchParams] = useSearchParams();
  const shown = boxOf(box);
  return (
    <Card title="Inbox">
      <div className="space-y-4">
        <nav aria-label="Inbox boxes">
          <ul className="flex flex-wrap gap-2">
            {BOXES.map((each) => (
              <li key={each.box}>
                <Link
                  to={inboxPath(each.box)}
                  aria-current={each.box === box ? "page" : undefined}
                  className={`inline-block rounded-md px-3 py-1.5 text-sm font-semibold ${
                    each.box === box
                      ? "bg-brand-700 text-white"
                      : "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50"
                  }`}
                >
                  {each.label} ({messages.unread[each.box]} unread)
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {searchParams.has("deleted") ? <Alert tone="success">{shown.deleted}</Alert> : null}
        <p className="text-sm text-slate-600">{shown.about}</p>
        {messages.total === 0 ? (
          <p className="text-slate-700">{shown.none}</p>
        ) : (
          <ol className="divide-y divide-slate-200" aria-label={`${shown.label}, newest first`}>
            {messages.items.map((message) => (
              <li key={message.id}>
                <Link
                  to={`/dashboard/inbox/${message.id}`}
                  className="block space-y-1 rounded-md px-2 py-3 hover:bg-slate-50"
                >
                  <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    {message.read ? null : (
                      <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
                        Unread
                      </span>
                    )}
                    <span className={message.read ? "text-slate-800" : "font-semibold text-slate-900"}>
                      {message.box === "security" ? `${message.reference} from ${sender(message)}` : sender(message)}
                      {message.company ? `, ${message.company}` : ""}
                    </span>
                    <span className="text-sm text-slate-600">
                      <LocalTime iso={message.receivedAt} />
                    </span>
                    {message.mailed ? null : <span className="text-xs text-red-700">Not mailed</span>}
                    {message.box === "security" && !message.acknowledged ? (
                      <span className="text-xs text-red-700">Not acknowledged</span>
                    ) : null}
                  </span>
                  <span className="block truncate text-sm text-slate-700">
                    {message.product
                      ? `${message.product}${message.firmwareVersion ? ` ${message.firmwareVersion}` : ""}: `
                      : ""}
                    {message.pageAddress ? `${message.pageAddress}: ` : ""}
                    {opening(message.message)}
                  </span>
                </Link>
              </li>
            ))}
          </ol>
        )}
        <Pagination {...loaderData.pagination} />
      </div>
    </Card>
  );
}
