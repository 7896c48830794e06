import { getFormProps, useForm } from "@conform-to/react";
import { ConfirmIdentity } from "#app/components/confirm-identity";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { FormErrors, TabIdInput, TextArea, TextInput } from "#app/components/forms";
import { Alert, Button, Card, TextLink } from "#app/components/ui";
import { DISCLOSURE_POLICY_PATH, SECURITY_TXT_PATH } from "#app/domain/paths";
import { dashboardHistoryPath } from "#app/domain/dashboard-paths";
import { SETTINGS_ID } from "#app/domain/revisions";
import { settingsSchema } from "#app/domain/forms/settings";
import { MOST_FOOTER_NOTE_LENGTH } from "#app/domain/site-pages";
import { languageLines } from "#app/domain/language-settings";
import type { PageHandle } from "#app/domain/live";
import { ownersOnly, readAdminForm } from "#app/server/runtime/session.server";
import { servicesContext } from "#app/server/runtime/context.server";
import { dashboardMeta } from "../meta";
import { saveFromForm } from "./actions.server";
import type { Route } from "./+types/page";

/** For owners alone, after the dashboard's guard. */
export const middleware = [ownersOnly];

export const handle: PageHandle = { live: ["settings"] };

export function meta() {
  return dashboardMeta("Site Settings");
}

export async function loader({ context }: Route.LoaderArgs) {
  return { settings: await context.get(servicesContext).settings.getSiteSettings() };
}

export async function action({ request, context }: Route.ActionArgs) {
  return saveFromForm(context, await readAdminForm(request, context));
}

export default function SiteSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    defaultValue: { ...loaderData.settings, languages: languageLines(loaderData.settings.languages) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: settingsSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const links = fields.socialLinks.getFieldList();
  return (
    <Card title="Site Settings">
      <p className="mb-4 text-sm text-slate-600">
        Shown in the footer, on the Contact, About and Privacy pages, in the page titles and social previews, and (the
        security e-mail and policy) on the disclosure policy page and in security.txt; the languages are those of the
        whole site. <TextLink to={dashboardHistoryPath("settings", SETTINGS_ID)}>History of the settings</TextLink>
      </p>
      {actionData?.status === "confirm" && navigation.state === "idle" ? (
        <div className="mb-4">
          <ConfirmIdentity key={actionData.answeredAt} />
        </div>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <TabIdInput />
        {actionData?.status === "saved" && navigation.state === "idle" ? (
          <Alert tone="success">Settings saved.</Alert>
        ) : null}
        <FormErrors
          form={form}
          labels={{
            companyName: "Company name",
            contactEmail: "Contact e-mail",
            socialLinks: "Social links",
            copyrightHolder: "Copyright holder",
            footerNote: "Footer note",
            aboutPage: "About page",
            privacyPolicy: "Privacy policy",
            securityEmail: "Security e-mail",
            disclosurePolicy: "Vulnerability disclosure policy",
            languages: "Languages besides English",
          }}
        />
        <TextInput meta={fields.companyName} label="Company name" />
        <TextInput meta={fields.contactEmail} label="Contact e-mail" type="email" />
        {links.map((link, index) => {
          const linkFields = link.getFieldset();
          return (
            <fieldset key={link.key} className="space-y-3 rounded-md border border-slate-200 p-3">
              <legend className="px-1 text-sm font-medium text-slate-700">Social link {index + 1}</legend>
              <TextInput meta={linkFields.label} label="Label" />
              <TextInput meta={linkFields.url} label="Web address" type="url" />
            </fieldset>
          );
        })}
        <TextInput meta={fields.copyrightHolder} label="Copyright holder" />
        <TextInput
          meta={fields.footerNote}
          label="Footer note (optional)"
          hint="After the copyright line at the foot of every page."
          maxLength={MOST_FOOTER_NOTE_LENGTH}
        />
        <TextArea
          meta={fields.aboutPage}
          label="About page"
          rows={12}
          hint={
            <>
              Shown at <TextLink to="/about">/about</TextLink>: the opening paragraphs, then each ## section as a tile.
              Markdown: ## headings, - lists, **bold**, [links](https://example.com).
            </>
          }
        />
        <TextArea
          meta={fields.privacyPolicy}
          label="Privacy policy"
          rows={12}
          hint={
            <>
              Shown at <TextLink to="/privacy">/privacy</TextLink>: an opening paragraph, then its ## sections.
              Markdown, as above.
            </>
          }
        />
        <TextInput
          meta={fields.securityEmail}
          label="Security e-mail"
          type="email"
          hint={
            <>
              Where vulnerability reports go: the Contact of <TextLink href={SECURITY_TXT_PATH}>security.txt</TextLink>.
            </>
          }
        />
        <TextArea
          meta={fields.disclosurePolicy}
          label="Vulnerability disclosure policy"
          rows={12}
          hint={
            <>
              Shown at <TextLink to={DISCLOSURE_POLICY_PATH}>{DISCLOSURE_POLICY_PATH}</TextLink>. Markdown: ## headings,
              - lists, **bold**, [links](https://example.com).
            </>
          }
        />
        <TextArea
          meta={fields.languages}
          label="Languages besides English"
          rows={6}
          hint={
            <>
              One language a line, as a tag: de, fr, ja, pt-BR. Each has its pages at its own prefix (/de/catalog);
              English stays without one. Where a text has no translation, the page shows the next language of its chain:
              add them after the tag, as in “de-CH &gt; de”; without them, de-CH falls back to de when it is listed, and
              every language to English last.
            </>
          }
        />
        <Button type="submit" disabled={navigation.state === "submitting"}>
          Save settings
        </Button>
      </Form>
    </Card>
  );
}
