import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** WCAG 2.2 A and AA (each version's tag names only the criteria it added), and axe's best practices. */
const RULE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];
/**
 * Experimental rules, off by default in axe, that check what a screen reader's user meets first: a
 * control whose name does not start with its visible words (WCAG 2.5.3), a page locked to one
 * orientation (1.3.4).
 */
const EXPERIMENTAL_RULES = ["label-content-name-mismatch", "css-orientation-lock"];

/** What axe finds on the page as it is now against WCAG 2.2 A/AA, its best practices and its name rules. */
export async function a11yViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(RULE_TAGS)
    .options({ rules: Object.fromEntries(EXPERIMENTAL_RULES.map((rule) => [rule, { enabled: true }])) })
    .analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? "?"}): ${violation.help}\n` +
      violation.nodes.map((node) => `    ${node.target.join(" ")}: ${node.failureSummary ?? ""}`).join("\n"),
  );
}

/** Fails with a readable list of whatever `a11yViolations` finds. */
export async function expectNoA11yViolations(page: Page): Promise<void> {
  expect(await a11yViolations(page), `axe found violations on ${page.url()}`).toEqual([]);
}

/** `expectNoA11yViolations` on a phone (390 px wide) and then a desktop (1280 px), the page left at the desktop's width. */
export async function expectNoA11yViolationsOnPhoneAndDesktop(page: Page): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoA11yViolations(page);
  }
}

/**
 * Fails when two controls on the page share a name but act on different things (a screen reader
 * lists controls by name: "Delete", "Delete" tells nothing apart). Links act on their address, a
 * submit button on the form it sends (its address and fields, the tab's own id aside); what any
 * other button does is its script's, so its name must be its own. Hidden controls do not count.
 */
export async function expectDistinctControlNames(page: Page): Promise<void> {
  const clashes = await page.evaluate(() => {
    const nameOf = (element: Element): string => {
      const labelled = element.getAttribute("aria-labelledby");
      const name =
        element.getAttribute("aria-label") ??
        (labelled
          ? labelled
              .split(/\s+/)
              .map((id) => document.getElementById(id)?.textContent ?? "")
              .join(" ")
          : element instanceof HTMLInputElement
            ? element.value
            : (element.textContent ?? ""));
      return name.replace(/\s+/g, " ").trim();
    };
    const shown = (element: Element) =>
      element instanceof HTMLElement && element.checkVisibility() && !element.closest("[inert], [aria-hidden=true]");
    const actsOn = (element: Element, at: number): string => {
      if (element instanceof HTMLAnchorElement) return `link ${element.href}`;
      const submits =
        (element instanceof HTMLButtonElement && element.type === "submit") ||
        (element instanceof HTMLInputElement && element.type === "submit");
      const form = (element as HTMLButtonElement).form;
      if (submits && form) {
        const fields = [...new FormData(form)]
          .filter(([field, value]) => field !== "tab" && typeof value === "string")
          .map(([field, value]) => `${field}=${String(value)}`);
        const own = element.getAttribute("name");
        if (own) fields.push(`${own}=${element.getAttribute("value") ?? ""}`);
        return `form ${form.method} ${form.action} ${fields.sort().join("&")}`;
      }
      return `button #${at}`;
    };
    const byName = new Map<string, Set<string>>();
    [...document.querySelectorAll("a[href], button, input[type=submit], input[type=button]")]
      .filter(shown)
      .forEach((element, at) => {
        const name = nameOf(element);
        if (!name) return;
        const acts = byName.get(name) ?? new Set<string>();
        acts.add(actsOn(element, at));
        byName.set(name, acts);
      });
    return [...byName].filter(([, acts]) => acts.size > 1).map(([name, acts]) => `"${name}": ${[...acts].join(" | ")}`);
  });
  expect(clashes, `controls of ${page.url()} that share a name but act on different things`).toEqual([]);
}
