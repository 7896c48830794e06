import { describe, expect, it } from "vitest";
import { supportSentenceValues, type SupportFilter } from "#app/domain/support";
import type { MessageKey } from "#app/messages/en";
import { formatMessage } from "./messages.server";

describe("/support's sentences", () => {
  const none = { query: "", categoryName: null, kind: null };
  const text = { query: "xyz", categoryName: null, kind: null };
  const category = { query: "", categoryName: "Dome Cameras", kind: null };
  const both = { query: "xyz", categoryName: "Dome Cameras", kind: null };
  const kind = { query: "", categoryName: null, kind: "datasheet" } as const;
  const all = { query: "xyz", categoryName: "Dome Cameras", kind: "datasheet" } as const;
  const others = { query: "", categoryName: null, kind: "other" } as const;
  /** The sentence `key` says of `filter` in English, with `count` products in view. */
  const said = (key: MessageKey, filter: SupportFilter, count = 0) =>
    formatMessage(key, ["en"], supportSentenceValues(filter, count)).text;

  it("say what a search found nothing for, in the words English has for each kind", () => {
    expect(said("support.nothingMatches", text)).toBe("No downloads match “xyz”.");
    expect(said("support.nothingMatches", both)).toBe("No downloads match “xyz” in Dome Cameras.");
    expect(said("support.nothingMatches", category)).toBe("No downloads in Dome Cameras.");
    expect(said("support.nothingMatches", kind)).toBe("No datasheets.");
    expect(said("support.nothingMatches", { ...kind, categoryName: "Dome Cameras" })).toBe(
      "No datasheets in Dome Cameras.",
    );
    expect(said("support.nothingMatches", all)).toBe("No datasheets match “xyz” in Dome Cameras.");
    expect(said("support.nothingMatches", others)).toBe("No other documents.");
    expect(said("support.noProductDownloads", none)).toBe("No product-specific downloads available.");
    expect(said("support.noProductDownloads", text)).toBe("No product downloads match “xyz”.");
    expect(said("support.noProductDownloads", kind)).toBe("No product datasheets.");
  });

  it("count the products in view, and what narrowed them", () => {
    expect(said("support.productsInView", none, 46)).toBe("46 products with downloads.");
    expect(said("support.productsInView", none, 10_000)).toBe("10,000 products with downloads.");
    expect(said("support.productsInView", text, 1)).toBe("1 product matches “xyz”.");
    expect(said("support.productsInView", text, 3)).toBe("3 products match “xyz”.");
    expect(said("support.productsInView", category, 8)).toBe("8 products with downloads in Dome Cameras.");
    expect(said("support.productsInView", both, 2)).toBe("2 products in Dome Cameras match “xyz”.");
    expect(said("support.productsInView", kind, 5)).toBe("5 products with datasheets.");
    expect(said("support.productsInView", all, 1)).toBe("1 product with datasheets in Dome Cameras matches “xyz”.");
    expect(said("support.productsInView", { ...others, query: "xyz" }, 2)).toBe(
      "2 products with other documents match “xyz”.",
    );
  });
});
