import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { FormErrors, TabIdInput, TextArea } from "#app/components/forms";
import { Alert, Button, Card, TextLink } from "#app/components/ui";
import { dashboardHistoryPath } from "#app/domain/dashboard-paths";
import { SYNONYMS_ID } from "#app/domain/revisions";
import { MOST_PHRASES, MOST_SYNONYM_SETS, synonymLines, synonymsSchema } from "#app/domain/forms/synonyms";
import type { PageHandle } from "#app/domain/live";
import { ownersOnly, readAdminForm } from "#app/server/runtime/session.server";
import { servicesContext } from "#app/server/runtime/context.server";
import { dashboardMeta } from "../meta";
import { saveFromForm } from "./actions.server";
import type { Route } from "./+types/page";

/** For owners alone, after the dashboard's guard. */
export const middleware = [ownersOnly];

export const handle: PageHandle = { live: ["synonyms"] };

export function meta() {
  return dashboardMeta("Search Synonyms");
}

export async function loader({ context }: Route.LoaderArgs) {
  const sets = await context.get(servicesContext).synonyms.getSynonymSets();
  return { synonyms: synonymLines(sets), count: sets.length };
}

export async function action({ request, context }: Route.ActionArgs) {
  return saveFromForm(context, await readAdminForm(request, context));
}

export default function SearchSynonymsPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    defaultValue: { synonyms: loaderData.synonyms },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: synonymsSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Card title="Search Synonyms">
      <div className="mb-4 space-y-2 text-sm text-slate-600">
        <p>
          Words and phrases that mean the same to the people who search the site: a search for any one of a set also
          finds the others, in the header&rsquo;s search, on the results page and on the support page. Write one set a
          line, its phrases separated by commas, for example <code>LPR, license plate</code> or{" "}
          <code>NVR, recorder</code>. At most {MOST_SYNONYM_SETS} sets of {MOST_PHRASES} phrases.
        </p>
        <p>
          {loaderData.count === 1 ? "1 set" : `${loaderData.count} sets`} in use.{" "}
          <TextLink to={dashboardHistoryPath("synonyms", SYNONYMS_ID)}>History of the synonyms</TextLink>
        </p>
      </div>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <TabIdInput />
        {actionData?.status === "saved" && navigation.state === "idle" ? (
          <Alert tone="success">Synonyms saved.</Alert>
        ) : null}
        <FormErrors form={form} labels={{ synonyms: "Synonyms" }} />
        <TextArea meta={fields.synonyms} label="Synonyms, one set a line" rows={12} spellCheck={false} />
        <Button type="submit" disabled={navigation.state === "submitting"}>
          Save synonyms
        </Button>
      </Form>
    </Card>
  );
}
