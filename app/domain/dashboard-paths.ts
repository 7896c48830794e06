/**
 * Addresses of the dashboard's pages. A module of their own: paths.ts is in every page's scripts (the
 * root imports it), and whatever of it any page uses is loaded by all of them.
 */

export function dashboardCategoryPath(categoryId: string): string {
  return `/dashboard/categories/${categoryId}`;
}

export function dashboardCategoryEditPath(categoryId: string): string {
  return `/dashboard/categories/${categoryId}/edit`;
}

/** The tool that reads a category's products' specifications into values of its attributes. */
export function dashboardCategoryValuesPath(categoryId: string): string {
  return `/dashboard/categories/${categoryId}/values`;
}

export function dashboardCategoryDeletedPath(categoryId: string): string {
  return `/dashboard/categories/${categoryId}/deleted`;
}

export function dashboardDownloadPath(downloadId: string): string {
  return `/dashboard/downloads/${downloadId}`;
}

export function dashboardDownloadDeletedPath(downloadId: string): string {
  return `/dashboard/downloads/${downloadId}/deleted`;
}

export function dashboardProductEditPath(productId: string): string {
  return `/dashboard/products/${productId}/edit`;
}

/** A product's texts in the site's other languages: in `language`, or in the first of them. */
export function dashboardProductTranslationsPath(productId: string, language?: string): string {
  return `/dashboard/products/${productId}/translations${language ? `/${language}` : ""}`;
}

export function dashboardProductDeletedPath(productId: string): string {
  return `/dashboard/products/${productId}/deleted`;
}

export const DASHBOARD_NEW_CATEGORY_PATH = "/dashboard/categories/new";

export const DASHBOARD_NEW_PRODUCT_PATH = "/dashboard/products/new";

export const DASHBOARD_NEW_DOWNLOAD_PATH = "/dashboard/downloads/new";

/** The query parameter a new-record page is sent back with after a create: the created record's id. */
export const CREATED_PARAM = "created";

/** A new-record page showing its "created" screen for the record just made. */
export function dashboardCreatedPath(newPagePath: string, id: string): string {
  return `${newPagePath}?${CREATED_PARAM}=${encodeURIComponent(id)}`;
}

/** A dashboard record's History page (its revisions, each restorable). */
export function dashboardHistoryPath(type: string, id: string): string {
  return `/dashboard/history/${encodeURIComponent(type)}/${encodeURIComponent(id)}`;
}

export const DASHBOARD_RECENTLY_DELETED_PATH = "/dashboard/recently-deleted";

export const DASHBOARD_ATTRIBUTES_PATH = "/dashboard/attributes/";

export const DASHBOARD_NEW_ATTRIBUTE_PATH = "/dashboard/attributes/new";

export function dashboardAttributePath(attributeId: string): string {
  return `/dashboard/attributes/${attributeId}`;
}

export function dashboardAttributeDeletedPath(attributeId: string): string {
  return `/dashboard/attributes/${attributeId}/deleted`;
}

export const DASHBOARD_FIRMWARE_PATH = "/dashboard/firmware/";

export const DASHBOARD_NEW_FIRMWARE_PATH = "/dashboard/firmware/new";

export function dashboardFirmwarePath(releaseId: string): string {
  return `/dashboard/firmware/${releaseId}`;
}

export const DASHBOARD_ADVISORIES_PATH = "/dashboard/advisories/";
export const DASHBOARD_NEW_ADVISORY_PATH = "/dashboard/advisories/new";

/** A security advisory's page in the dashboard. */
export function dashboardAdvisoryPath(advisoryId: string): string {
  return `/dashboard/advisories/${advisoryId}`;
}
