import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import {
  CheckboxInput,
  FormErrors,
  TabIdInput,
  TextArea,
  TextInput,
  TypedBeforeConflict,
  VersionInput,
} from "#app/components/forms";
import { Alert, Button, Card, TextLink } from "#app/components/ui";
import { useOpenedRecord } from "#app/components/use-opened-record";
import { translationsSchema } from "#app/domain/forms/translations";
import { PRODUCT_TRANSLATABLE_FIELDS } from "#app/domain/forms/product";
import { TRANSLATION_STATE_LABELS, type TranslationState } from "#app/domain/translations";
import { dashboardProductTranslationsPath, dashboardHistoryPath } from "#app/domain/dashboard-paths";
import { dashboardProductPath } from "#app/domain/paths";
import type { PageHandle } from "#app/domain/live";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import { readAdminForm } from "#app/server/runtime/session.server";
import { dashboardMeta } from "../meta";
import type { Route } from "./+types/translations";
import { saveTranslationsFromForm, translatedProduct } from "./translations.server";

export const handle: PageHandle = { live: ["products", "settings"] };

export const meta: Route.MetaFunction = ({ loaderData }) =>
  dashboardMeta(
    loaderData?.product
      ? `Translate ${loaderData.product.model} into ${loaderData.product.languageName}`
      : "Translations",
  );

export async function loader({ context, params }: Route.LoaderArgs) {
  const found = await translatedProduct(context, params.productId, params.language);
  if (found.status === "missing") throw data("Not Found", { status: 404, statusText: "Not Found" });
  if (found.status === "first") throw redirect(dashboardProductTranslationsPath(params.productId, found.language));
  return found;
}

/** After a conflict (409) the newer data must be read, although an error status skips that by default. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return saveTranslationsFromForm(context, params.productId, params.language, await readAdminForm(request, context));
}

const STATE_CLASSES: Record<TranslationState, string> = {
  missing: "bg-slate-100 text-slate-800",
  current: "bg-green-100 text-green-900",
  outdated: "bg-amber-100 text-amber-950",
};

const STATE_HINTS: Record<TranslationState, string> = {
  missing: "Not translated yet: visitors read the English text.",
  current: "Translated from the English text as it is now.",
  outdated: "The English text changed since this was translated: visitors still read this translation.",
};

export default function ProductTranslations({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const idle = navigation.state === "idle";
  const answer = idle ? actionData : undefined;
  const { record: product, conflict, typed } = useOpenedRecord(loaderData.product, answer);
  if (!loaderData.product) {
    return (
      <Card title="Translations">
        <p>
          The site is published in English alone. Add the languages it is read in under{" "}
          <TextLink to="/dashboard/settings">Settings</TextLink>, then translate its texts here.
        </p>
      </Card>
    );
  }
  return (
    <Card title={`Translate ${loaderData.product.model}`}>
      <div className="space-y-4">
        <nav aria-label="Product actions" className="flex flex-wrap gap-4">
          <TextLink to={dashboardProductPath(loaderData.product.id)} weight="semibold">
            Back to {loaderData.product.model}
          </TextLink>
          <TextLink to={dashboardHistoryPath("product", loaderData.product.id)} weight="semibold">
            History
          </TextLink>
        </nav>
        <nav aria-label="Languages">
          <ul className="flex flex-wrap gap-2">
            {loaderData.languages.map((language) => (
              <li key={language.tag}>
                <TextLink
                  to={dashboardProductTranslationsPath(loaderData.product?.id ?? "", language.tag)}
                  aria-current={language.tag === loaderData.product?.language ? "page" : undefined}
                  className="inline-block rounded-md border border-slate-300 px-3 py-1 aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-50"
                  underline="hover"
                >
                  {language.name}
                  {language.needed ? <span className="text-slate-600"> ({language.needed} to do)</span> : null}
                </TextLink>
              </li>
            ))}
          </ul>
        </nav>
        {product && answer?.status === "saved" ? (
          <Alert tone="success">{ADMIN_MESSAGES.translationsSaved}</Alert>
        ) : null}
        <TypedBeforeConflict value={typed}>
          {product ? (
            <TranslationsForm
              key={`${product.language}:${product.version}`}
              product={product}
              lastResult={answer?.status !== "conflict" && answer?.status !== "saved" ? answer?.result : null}
              conflict={conflict}
            />
          ) : null}
        </TypedBeforeConflict>
      </div>
    </Card>
  );
}

type TranslatedProduct = NonNullable<Route.ComponentProps["loaderData"]["product"]>;

function TranslationsForm({
  product,
  lastResult,
  conflict,
}: {
  product: TranslatedProduct;
  lastResult: SubmissionResult<string[]> | null | undefined;
  conflict: boolean;
}) {
  const navigation = useNavigation();
  const schema = translationsSchema(PRODUCT_TRANSLATABLE_FIELDS);
  const [form, fields] = useForm({
    lastResult,
    defaultValue: {
      version: product.version,
      text: Object.fromEntries(product.fields.map((field) => [field.field, field.text])),
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const texts = fields.text.getFieldset();
  const stillRight = fields.stillRight.getFieldset();
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6">
      <TabIdInput />
      <VersionInput version={product.version} />
      {conflict ? (
        <Alert tone="error">
          Someone saved this product since you opened it: here it is as it is now, what you typed beside each field.
        </Alert>
      ) : null}
      <FormErrors form={form} labels={{ text: "Translations" }} />
      {product.fields.map((field) => {
        const meta = texts[field.field];
        const confirm = stillRight[field.field];
        if (!meta || !confirm) return null;
        const label = `${field.label} in ${product.languageName}`;
        return (
          <fieldset key={field.field} className="grid gap-4 rounded-lg border border-slate-200 p-4 md:grid-cols-2">
            <legend className="px-1 font-semibold text-slate-900">
              {field.label}{" "}
              {field.state ? (
                <span className={`ml-1 rounded px-2 py-0.5 text-xs font-medium ${STATE_CLASSES[field.state]}`}>
                  {TRANSLATION_STATE_LABELS[field.state]}
                </span>
              ) : null}
            </legend>
            <div className="space-y-1">
              <p className="text-sm font-medium text-slate-700">English</p>
              {field.source ? (
                <p className="text-sm whitespace-pre-line text-slate-800 break-words" lang="en" dir="ltr">
                  {field.source}
                </p>
              ) : (
                <p className="text-sm text-slate-600">Empty: nothing to translate.</p>
              )}
            </div>
            {field.state ? (
              <div className="space-y-2">
                {field.multiline ? (
                  <TextArea
                    meta={meta}
                    label={label}
                    hint={STATE_HINTS[field.state]}
                    rows={field.field === "specs" ? 10 : 5}
                    lang={product.language}
                    dir={product.direction}
                  />
                ) : (
                  <TextInput
                    meta={meta}
                    label={label}
                    hint={STATE_HINTS[field.state]}
                    lang={product.language}
                    dir={product.direction}
                  />
                )}
                {field.state === "outdated" ? (
                  <CheckboxInput meta={confirm} label="Still right for the English text as it is now" />
                ) : null}
              </div>
            ) : null}
          </fieldset>
        );
      })}
      <Button type="submit" disabled={navigation.state === "submitting"}>
        Save translations
      </Button>
    </Form>
  );
}
