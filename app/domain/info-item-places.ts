// A module of its own, with no imports: History's defaults (revisions.ts) read it, and the forms.

/** Where an item shows: the home page and News, or News alone. */
export const INFO_ITEM_PLACES = ["home", "news"] as const;
export type InfoItemPlace = (typeof INFO_ITEM_PLACES)[number];

/** How the form and History name each place. */
export const INFO_ITEM_PLACE_NAMES: Record<InfoItemPlace, string> = {
  home: "The home page and News",
  news: "News only",
};
