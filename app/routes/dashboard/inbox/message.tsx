import { useEffect, useRef } from "react";
import { data, Form, redirect, useFetcher, useNavigation } from "react-router";
import { ConfirmDelete } from "#app/components/confirm-delete";
import { LocalTime } from "#app/components/local-time";
import { TabIdInput } from "#app/components/forms";
import { Alert, Button, Card, TextLink } from "#app/components/ui";
import { inboxPath, sender, type InboxMessage } from "#app/domain/contact";
import type { PageHandle } from "#app/domain/live";
import { catalogProductPath } from "#app/domain/paths";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import { NotFoundError } from "#app/server/admin/write.server";
import { servicesContext } from "#app/server/runtime/context.server";
import { readAdminForm } from "#app/server/runtime/session.server";
import { parseFormSubmission } from "#app/server/platform/form-data.server";
import { z } from "zod";
import { dashboardMeta } from "../meta";
import { refusedAnswer } from "../answers.server";
import { isRefusal } from "#app/domain/conflict";
import type { Route } from "./+types/message";

export const handle: PageHandle = { live: ["inbox"] };

/** A contact message is named by its sender, a vulnerability report by its reference too. */
function titleOf(message: InboxMessage): string {
  switch (message.box) {
    case "security":
      return `Report ${message.reference} from ${sender(message)}`;
    case "accessibility":
      return `Accessibility report from ${sender(message)}`;
    case "contact":
      return `Message from ${message.name}`;
  }
}

/** What each box's page calls its way back, its subject line for a reply and its delete button. */
const BOX_WORDS = {
  contact: { back: "Back to the inbox", what: "message" },
  security: { back: "Back to the security reports", what: "report" },
  accessibility: { back: "Back to the accessibility reports", what: "report" },
} as const;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  dashboardMeta(loaderData ? titleOf(loaderData.message) : "Not Found");

export async function loader({ context, params }: Route.LoaderArgs) {
  const { contact, catalog } = context.get(servicesContext);
  const message = await contact.get(params.messageId);
  if (!message) throw data("Not Found", { status: 404, statusText: "Not Found" });
  // The product the visitor named, while it exists (drafts too: the team may be preparing it).
  const product = message.productId ? await catalog.getAnyProduct(message.productId) : undefined;
  return { message, productPath: product ? catalogProductPath(product) : null };
}

/** What the message's buttons ask for. */
const inboxMessageSchema = z.object({ intent: z.enum(["read", "unread", "delete"]) });

export async function action({ request, context, params }: Route.ActionArgs) {
  const { form, origin } = await readAdminForm(request, context);
  const { contact } = context.get(servicesContext);
  const submission = parseFormSubmission(form, inboxMessageSchema);
  if (submission.status !== "success") return refusedAnswer(ADMIN_MESSAGES.checkEachInput, 400);
  try {
    switch (submission.value.intent) {
      case "read":
        await contact.markRead(params.messageId);
        return { done: "read" as const };
      case "unread":
        return redirect(inboxPath(await contact.markUnread(params.messageId, origin)));
      case "delete":
        return redirect(inboxPath(await contact.remove(params.messageId, origin), { deleted: true }));
    }
  } catch (error) {
    if (error instanceof NotFoundError) return refusedAnswer(ADMIN_MESSAGES.gone, 404);
    throw error;
  }
}

export default function InboxMessage({ loaderData, actionData }: Route.ComponentProps) {
  const { message, productPath } = loaderData;
  const busy = useNavigation().state !== "idle";
  const reader = useFetcher();
  // Opened, it is read: once per message shown, so a colleague's "Mark as unread" arriving live while
  // it is open here is not undone by this page.
  const markedFor = useRef<string | null>(null);
  useEffect(() => {
    if (message.read || markedFor.current === message.id) return;
    markedFor.current = message.id;
    void reader.submit({ intent: "read" }, { method: "post" });
  }, [message.id, message.read, reader]);
  const refused = isRefusal(actionData) ? actionData : undefined;
  const security = message.box === "security";
  const words = BOX_WORDS[message.box];
  const subject = security
    ? `Re: your vulnerability report ${message.reference}`
    : message.box === "accessibility"
      ? "Re: the accessibility barrier you reported"
      : `Re: your message to us${message.product ? ` about ${message.product}` : ""}`;
  const title = titleOf(message);
  return (
    <Card title={title}>
      <div className="space-y-5">
        {refused ? <Alert tone="error">{refused.message}</Alert> : null}
        <p>
          <TextLink to={inboxPath(message.box)}>{words.back}</TextLink>
        </p>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium text-slate-700">From</dt>
          <dd className="min-w-0 wrap-anywhere">
            {message.name ? `${message.name} <${message.email}>` : message.email}
          </dd>
          {message.company ? (
            <>
              <dt className="font-medium text-slate-700">Company</dt>
              <dd className="min-w-0 wrap-anywhere">{message.company}</dd>
            </>
          ) : null}
          {message.product ? (
            <>
              <dt className="font-medium text-slate-700">Product</dt>
              <dd className="min-w-0 wrap-anywhere">
                {productPath ? <TextLink to={productPath}>{message.product}</TextLink> : message.product}
              </dd>
            </>
          ) : null}
          {message.firmwareVersion ? (
            <>
              <dt className="font-medium text-slate-700">Firmware version</dt>
              <dd className="min-w-0 wrap-anywhere">{message.firmwareVersion}</dd>
            </>
          ) : null}
          {message.pageAddress ? (
            <>
              <dt className="font-medium text-slate-700">Page</dt>
              <dd className="min-w-0 wrap-anywhere">{message.pageAddress}</dd>
            </>
          ) : null}
          {message.assistiveTechnology ? (
            <>
              <dt className="font-medium text-slate-700">Browser and assistive technology</dt>
              <dd className="min-w-0 wrap-anywhere">{message.assistiveTechnology}</dd>
            </>
          ) : null}
          {security ? (
            <>
              <dt className="font-medium text-slate-700">Credit</dt>
              <dd className="min-w-0 wrap-anywhere">{message.credit || "None asked for"}</dd>
            </>
          ) : null}
          <dt className="font-medium text-slate-700">Received</dt>
          <dd>
            <LocalTime iso={message.receivedAt} />
          </dd>
          <dt className="font-medium text-slate-700">Mailed</dt>
          <dd>
            {message.mailed
              ? `Yes, to the ${security ? "security" : "contact"} address`
              : "No: the mail could not be sent (see the server log)"}
          </dd>
          {security ? (
            <>
              <dt className="font-medium text-slate-700">Acknowledged</dt>
              <dd>
                {message.acknowledged
                  ? `Yes, the reporter was mailed the reference ${message.reference}`
                  : "No: the acknowledgment could not be sent (see the server log); reply by e-mail"}
              </dd>
            </>
          ) : null}
        </dl>
        <p className="rounded-md border border-slate-200 bg-slate-50 p-4 whitespace-pre-line text-slate-900 wrap-anywhere">
          {message.message}
        </p>
        <div className="flex flex-wrap items-center gap-4">
          <TextLink
            href={`mailto:${encodeURIComponent(message.email)}?subject=${encodeURIComponent(subject)}`}
            weight="semibold"
          >
            Reply by e-mail
          </TextLink>
          <Form method="post">
            <TabIdInput />
            <input type="hidden" name="intent" value={message.read ? "unread" : "read"} />
            <Button type="submit" variant="secondary" size="sm" disabled={busy}>
              {message.read ? "Mark as unread" : "Mark as read"}
            </Button>
          </Form>
        </div>
        <ConfirmDelete
          label={`Delete ${words.what}`}
          prompt={`Delete ${security ? `the report ${message.reference} from ${sender(message)}` : `the ${words.what} from ${sender(message)}`}? This cannot be undone.`}
          refusal={refused}
        />
      </div>
    </Card>
  );
}
