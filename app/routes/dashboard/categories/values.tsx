import { useEffect, useId, useRef } from "react";
import { data, Form, useNavigation } from "react-router";
import { FieldHint, INPUT_CLASS, TabIdInput } from "#app/components/forms";
import { Alert, Button, Card, TextLink } from "#app/components/ui";
import { countNoun } from "#app/domain/format";
import type { PageHandle } from "#app/domain/live";
import { dashboardCategoryPath, dashboardProductEditPath } from "#app/domain/dashboard-paths";
import type { ConversionCell, ConversionRequest } from "#app/server/admin/spec-conversion.server";
import { NotFoundError } from "#app/server/admin/write.server";
import { requestContext, servicesContext } from "#app/server/runtime/context.server";
import { readAdminForm } from "#app/server/runtime/session.server";
import { refusedAnswer } from "../answers.server";
import { dashboardMeta } from "../meta";
import type { Route } from "./+types/values";

export const handle: PageHandle = { live: ["categories", "products", "attributes"] };

export function meta({ data: loaderData }: Route.MetaArgs) {
  return dashboardMeta(`Read values from specifications: ${loaderData?.preview.category.name ?? "Category"}`);
}

/** The form's field of the line names an attribute is read from. */
const LINES_PREFIX = "lines-";
const linesField = (attributeId: string) => `${LINES_PREFIX}${attributeId}`;
const EXISTING_FIELD = "existing";

/** The most products the preview lists; its counts cover them all. */
const LISTED = 100;

/** The request a GET form's address or a posted form says: its `lines-…` fields and its choice. */
function conversionRequest(categoryId: string, fields: Iterable<[string, FormDataEntryValue]>): ConversionRequest {
  const lineNames: Record<string, string[]> = {};
  let replace = false;
  for (const [name, value] of fields) {
    if (typeof value !== "string") continue;
    if (name === EXISTING_FIELD) replace = value === "replace";
    if (!name.startsWith(LINES_PREFIX)) continue;
    lineNames[name.slice(LINES_PREFIX.length)] = value
      .split(",")
      .map((line) => line.trim().slice(0, 200))
      .filter(Boolean)
      .slice(0, 20);
  }
  return { categoryId, lineNames, replace };
}

async function previewOf(context: Route.LoaderArgs["context"], request: ConversionRequest) {
  try {
    return await context.get(servicesContext).specConversion.preview(request);
  } catch (error) {
    if (error instanceof NotFoundError) throw data("Not Found", { status: 404, statusText: "Not Found" });
    throw error;
  }
}

export async function loader({ url, context, params }: Route.LoaderArgs) {
  const request = conversionRequest(params.categoryId, url.searchParams);
  const { products, ...preview } = await previewOf(context, request);
  // The page lists the first products; the counts and the fingerprint are of all of them.
  return {
    preview: { ...preview, products: products.slice(0, LISTED) },
    productCount: products.length,
    replace: request.replace,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { form, origin } = await readAdminForm(request, context);
  const asked = conversionRequest(params.categoryId, form);
  const fingerprint = form.get("fingerprint");
  try {
    const result = await context
      .get(servicesContext)
      .specConversion.apply({ ...asked, fingerprint: typeof fingerprint === "string" ? fingerprint : "" }, origin);
    if ("written" in result) return { status: "written" as const, written: result.written };
    return refusedAnswer(result.message, 409);
  } catch (error) {
    if (error instanceof NotFoundError) throw data("Not Found", { status: 404, statusText: "Not Found" });
    context.get(requestContext).logger.error({ err: error }, "could not write values read from specifications");
    return refusedAnswer("The values could not be written. Try again.", 500);
  }
}

function CellView({ cell, replace }: { cell: ConversionCell; replace: boolean }) {
  switch (cell.outcome) {
    case "new":
      return (
        <>
          <span className="font-medium text-green-800">{cell.value}</span>
          <span className="block text-xs text-slate-600">New, from “{cell.line}”</span>
        </>
      );
    case "same":
      return (
        <>
          <span>{cell.value}</span>
          <span className="block text-xs text-slate-600">Has it already</span>
        </>
      );
    case "conflict":
      return (
        <>
          <span className="font-medium text-amber-800">{replace ? cell.value : cell.had}</span>
          <span className="block text-xs text-slate-600">
            {replace ? `Replaces ${cell.had}` : `Keeps it; the specifications say ${cell.value}`}, from “{cell.line}”
          </span>
        </>
      );
    case "unreadable":
      return (
        <>
          <span className="font-medium text-red-800">Not read: {cell.message}</span>
          <span className="block text-xs text-slate-600">“{cell.line}”</span>
        </>
      );
    case "none":
      return cell.had ? (
        <>
          <span>{cell.had}</span>
          <span className="block text-xs text-slate-600">No line: kept</span>
        </>
      ) : (
        <span className="text-slate-500">No line</span>
      );
  }
}

/**
 * Reads a category's products' specifications (their text's "Name: value" lines and their table's
 * rows) into values of its attributes (decision 070): the editor says which lines each attribute is
 * read from, sees what every product would get, and writes it all at once.
 */
export default function CategoryValuesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { preview, replace, productCount } = loaderData;
  const navigation = useNavigation();
  const idle = navigation.state === "idle";
  const hintId = useId();
  const answer = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (actionData && idle) answer.current?.focus();
  }, [actionData, idle]);
  const { counts, writes } = preview;
  const hidden = (
    <>
      {preview.attributes.map((attribute) => (
        <input
          key={attribute.id}
          type="hidden"
          name={linesField(attribute.id)}
          value={attribute.lineNames.join(", ")}
        />
      ))}
      <input type="hidden" name={EXISTING_FIELD} value={replace ? "replace" : "keep"} />
    </>
  );
  return (
    <Card title={`Read values from specifications: ${preview.category.name}`}>
      <div className="space-y-6">
        <p className="text-sm text-slate-700">
          Reads each product&rsquo;s specifications (its &ldquo;Name: value&rdquo; lines and its specification
          table&rsquo;s rows) into values of this category&rsquo;s attributes, units converted (&ldquo;98 ft&rdquo;,
          &ldquo;2.8–12 mm&rdquo;, &ldquo;−30 °C ~ +60 °C&rdquo;, &ldquo;IP67&rdquo;). Nothing is written until you
          apply; then every product is written at once, each change in its History.
        </p>
        <Form method="get" className="space-y-4">
          <fieldset className="space-y-3" aria-describedby={hintId}>
            <legend className="text-base font-semibold text-slate-900">Lines each attribute is read from</legend>
            <FieldHint id={hintId}>
              The names of the lines or table rows, separated by commas, the first that gives a value used; letter case
              and punctuation do not matter.
            </FieldHint>
            {preview.attributes.map((attribute) => (
              <div key={attribute.id} className="space-y-1">
                <label htmlFor={linesField(attribute.id)} className="block text-sm font-medium text-slate-700">
                  {attribute.name}
                </label>
                <input
                  id={linesField(attribute.id)}
                  name={linesField(attribute.id)}
                  defaultValue={attribute.lineNames.join(", ")}
                  className={INPUT_CLASS}
                  autoComplete="off"
                />
              </div>
            ))}
          </fieldset>
          <fieldset className="space-y-2">
            <legend className="text-base font-semibold text-slate-900">
              Where a product has another value already
            </legend>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name={EXISTING_FIELD} value="keep" defaultChecked={!replace} />
              Keep the product&rsquo;s value
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name={EXISTING_FIELD} value="replace" defaultChecked={replace} />
              Replace it with the value read
            </label>
          </fieldset>
          <Button type="submit" variant="secondary">
            Preview
          </Button>
        </Form>

        <section aria-labelledby="values-preview" className="space-y-4">
          <h2 id="values-preview" className="text-lg font-semibold text-slate-900">
            Preview
          </h2>
          <div ref={answer} tabIndex={-1} className="focus:outline-none">
            {actionData?.status === "written" && idle ? (
              <Alert tone="success">
                Wrote {countNoun(actionData.written.values, "value")} to{" "}
                {countNoun(actionData.written.products, "product")}.
              </Alert>
            ) : null}
            {actionData?.status === "refused" && idle ? <Alert tone="error">{actionData.message}</Alert> : null}
          </div>
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
            <li>{countNoun(counts.new, "new value")} for products that have none</li>
            <li>{countNoun(counts.same, "value")} the products have already</li>
            <li>
              {countNoun(counts.conflict, "value")} in conflict with the product&rsquo;s own (
              {replace ? "replaced" : "kept"})
            </li>
            <li>{countNoun(counts.unreadable, "line")} that could not be read</li>
            <li>{countNoun(counts.none, "value")} with no line to read it from</li>
          </ul>
          <Form method="post" className="flex flex-wrap items-center gap-3">
            <TabIdInput />
            {hidden}
            <input type="hidden" name="fingerprint" value={preview.fingerprint} />
            <Button type="submit" disabled={writes.values === 0 || navigation.state === "submitting"}>
              {`Write ${countNoun(writes.values, "value")} to ${countNoun(writes.products, "product")}`}
            </Button>
            {navigation.state === "submitting" ? (
              <p role="status" className="text-sm text-slate-600">
                Writing…
              </p>
            ) : null}
          </Form>
          {preview.products.length ? (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">What each product&rsquo;s specifications give</caption>
                <thead>
                  <tr className="border-b border-slate-200">
                    <th scope="col" className="py-2 pr-4 font-semibold text-slate-700">
                      Product
                    </th>
                    {preview.attributes.map((attribute) => (
                      <th key={attribute.id} scope="col" className="py-2 pr-4 font-semibold text-slate-700">
                        {attribute.name}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {preview.products.map((product) => (
                    <tr key={product.id} className="border-b border-slate-100 align-top">
                      <th scope="row" className="py-2 pr-4 font-medium whitespace-nowrap">
                        <TextLink to={dashboardProductEditPath(product.id)} underline="hover">
                          {product.model}
                        </TextLink>
                      </th>
                      {product.cells.map((cell, index) => (
                        <td key={preview.attributes[index]?.id} className="min-w-40 py-2 pr-4">
                          <CellView cell={cell} replace={replace} />
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
              {productCount > preview.products.length ? (
                <p className="mt-2 text-sm text-slate-600">
                  The first {preview.products.length} of {countNoun(productCount, "product")}; the counts above cover
                  them all.
                </p>
              ) : null}
            </div>
          ) : (
            <p className="text-sm text-slate-600">No products in this category</p>
          )}
        </section>
        <p>
          <TextLink to={dashboardCategoryPath(preview.category.id)} weight="medium">
            Back to {preview.category.name}
          </TextLink>
        </p>
      </div>
    </Card>
  );
}
