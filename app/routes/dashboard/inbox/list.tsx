import { useSearchParams } from "react-router";
import { LocalTime } from "#app/components/local-time";
import { Pagination, requestedPage } from "#app/components/pagination";
import { Alert, Card } from "#app/components/ui";
import { Link } from "#app/components/links";
import type { PageHandle } from "#app/domain/live";
import { servicesContext } from "#app/server/runtime/context.server";
import { dashboardMeta } from "../meta";
import type { Route } from "./+types/list";

export const handle: PageHandle = { live: ["inbox"] };

export const meta = () => dashboardMeta("Inbox");

export async function loader({ url, context }: Route.LoaderArgs) {
  const page = requestedPage(url);
  return { messages: await context.get(servicesContext).contact.list(page) };
}

/** The first words of a message, on one line. */
function opening(message: string): string {
  const text = message.replace(/\s+/g, " ").trim();
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

export default function Inbox({ loaderData }: Route.ComponentProps) {
  const { messages } = loaderData;
  const [searchParams] = useSearchParams();
  return (
    <Card title="Inbox">
      <div className="space-y-4">
        {searchParams.has("deleted") ? <Alert tone="success">Message deleted.</Alert> : null}
        <p className="text-sm text-slate-600">
          Messages visitors sent through the contact form, newest first. Each was also mailed to the contact address of
          the site settings; a reply goes to the visitor. {messages.unread} unread.
        </p>
        {messages.total === 0 ? (
          <p className="text-slate-700">No messages yet.</p>
        ) : (
          <ol className="divide-y divide-slate-200" aria-label="Messages, newest first">
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
                      {message.name}
                      {message.company ? `, ${message.company}` : ""}
                    </span>
                    <span className="text-sm text-slate-600">
                      <LocalTime iso={message.receivedAt} />
                    </span>
                    {message.mailed ? null : <span className="text-xs text-red-700">Not mailed</span>}
                  </span>
                  <span className="block truncate text-sm text-slate-700">
                    {message.product ? `${message.product}: ` : ""}
                    {opening(message.message)}
                  </span>
                </Link>
              </li>
            ))}
          </ol>
        )}
        <Pagination page={messages.page} pageCount={messages.pageCount} />
      </div>
    </Card>
  );
}
