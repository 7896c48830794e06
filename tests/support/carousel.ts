import { expect, type Page } from "@playwright/test";
import { HERO_SLIDES } from "../../app/domain/hero";

export const SLIDE_COUNT = HERO_SLIDES.length;

/** The home page's hero carousel, found as screen readers find it. */
export function carousel(page: Page) {
  return page.getByRole("region", { name: "Highlights" });
}

/** Hidden slides are out of the accessibility tree, so they are looked up with `includeHidden`. */
export function slide(page: Page, number: number) {
  return carousel(page).getByRole("group", { name: `${number} of ${SLIDE_COUNT}`, includeHidden: true });
}

export function carouselControl(page: Page, name: "Pause" | "Play" | "Previous slide" | "Next slide") {
  return carousel(page).getByRole("button", { name, exact: true });
}

/** Slide `number` is the one in view, and every other slide is hidden. */
export async function expectSlideShown(page: Page, number: number): Promise<void> {
  for (let index = 1; index <= SLIDE_COUNT; index++) {
    if (index === number) await expect(slide(page, index), `slide ${index}`).toBeVisible();
    else await expect(slide(page, index), `slide ${index}`).toBeHidden();
  }
}
