/** What a person who signs in may do: owners everything, editors the catalog and its content. */
export const ROLES = ["owner", "editor"] as const;
export type Role = (typeof ROLES)[number];
