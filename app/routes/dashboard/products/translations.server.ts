import { parseFormSubmission } from "#app/server/platform/form-data.server";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import { PRODUCT_TRANSLATABLE_FIELDS } from "#app/domain/forms/product";
import { translationsSchema } from "#app/domain/forms/translations";
import { languageName, textDirection } from "#app/domain/language-settings";
import { productSources } from "#app/server/admin/products.server";
import { ConflictError, NotFoundError } from "#app/server/admin/write.server";
import { translationStates } from "#app/server/records/translations.server";
import { translationOf } from "#app/domain/translations";
import type { CatalogProduct } from "#app/domain/catalog-views";
import { requestContext, servicesContext, type RouteContext } from "#app/server/runtime/context.server";
import type { AdminForm } from "#app/server/runtime/session.server";
import { conflictAnswer, failedAnswer, fieldRuleAnswer, goneAnswer, uncheckedAnswer } from "../answers.server";

// A product's translation page (decision 094): its texts in one of the site's languages beside the
// English ones, each with its state, saved through the shared write path.

/**
 * The product as the translation form opens on it in `language`: each translatable field's English
 * text, its translation and its state; the site's languages with how many fields each still needs.
 * "first" when no language was asked for (the page goes to the first); "missing" when the product or
 * the language is not there; a null product when the site has no language but English.
 */
export async function translatedProduct(context: RouteContext, productId: string, language: string | undefined) {
  const { catalog, settings } = context.get(servicesContext);
  const [product, site] = await Promise.all([catalog.getAnyProduct(productId), settings.getSiteSettings()]);
  if (!product) return { status: "missing" as const };
  const tags = site.languages.map((entry) => entry.tag);
  if (tags.length === 0) return { status: "ready" as const, product: null, languages: [] };
  if (language === undefined) return { status: "first" as const, language: tags[0] as string };
  if (!tags.includes(language)) return { status: "missing" as const };
  const sources = productSources(product);
  const translations = product.translations ?? {};
  const states = translationStates(PRODUCT_TRANSLATABLE_FIELDS, sources, translations, language);
  return {
    status: "ready" as const,
    product: {
      id: product.id,
      model: product.model,
      version: product.version,
      language,
      languageName: languageName(language),
      direction: textDirection(language),
      fields: PRODUCT_TRANSLATABLE_FIELDS.map(({ field, label, multiline, maxLength }) => ({
        field,
        label,
        multiline,
        maxLength,
        source: sources[field],
        text: translationOf(translations, language, field)?.text ?? "",
        state: states[field],
      })),
    },
    languages: translationProgress(product, tags),
  };
}

/**
 * How far a product is translated into each of `tags`: each language's name and how many of its
 * fields with English text have no current translation there.
 */
export function translationProgress(
  product: Pick<CatalogProduct, "name" | "description" | "specs" | "translations">,
  tags: readonly string[],
) {
  const sources = productSources(product);
  return tags.map((tag) => {
    const states = translationStates(PRODUCT_TRANSLATABLE_FIELDS, sources, product.translations ?? {}, tag);
    return {
      tag,
      name: languageName(tag),
      needed: Object.values(states).filter((state) => state === "missing" || state === "outdated").length,
    };
  });
}

/** The translation form's save: the form again, saying it was saved or what went wrong. */
export async function saveTranslationsFromForm(
  context: RouteContext,
  productId: string,
  language: string | undefined,
  { form: formData, origin }: AdminForm,
) {
  const { productAdmin, settings } = context.get(servicesContext);
  const { logger } = context.get(requestContext);
  const site = await settings.getSiteSettings();
  const submission = parseFormSubmission(formData, translationsSchema(PRODUCT_TRANSLATABLE_FIELDS));
  if (submission.status !== "success") return uncheckedAnswer(submission);
  // Only the site's languages are translated into: another is no page of this form.
  if (!language || !site.languages.some((entry) => entry.tag === language)) return goneAnswer(submission);
  const { version, text, stillRight } = submission.value;
  try {
    await productAdmin.saveProductTranslations(
      productId,
      version,
      language,
      text,
      Object.entries(stillRight)
        .filter(([, right]) => right)
        .map(([field]) => field),
      origin,
    );
  } catch (error) {
    const refusal = fieldRuleAnswer(error, submission);
    if (refusal) return refusal;
    const found = error instanceof ConflictError ? await translatedProduct(context, productId, language) : null;
    if (found?.status === "ready" && found.product) return conflictAnswer(found.product, submission);
    if (error instanceof NotFoundError || error instanceof ConflictError) return goneAnswer(submission);
    logger.error({ err: error }, "saving a product's translations failed");
    return failedAnswer(submission, ADMIN_MESSAGES.editFailed);
  }
  return { status: "saved" as const, result: submission.reply() };
}
