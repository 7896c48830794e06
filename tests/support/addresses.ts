/**
 * The address a product's model or a category's name gives its page, worked out here on its own: for
 * plain ASCII text no other record's comes out the same as (the demo's models and names, a test's own),
 * lower case with every run of other characters one hyphen.
 */
export function plainSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
