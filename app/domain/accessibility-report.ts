/**
 * The site's Accessibility Conformance Report, in the VPAT® 2.5 WCAG edition's terms: every WCAG 2.2
 * success criterion of levels A and AA, how the site conforms to it, and the automated tests that hold
 * the claim (file and title). `app/domain/accessibility-report.test.ts` fails when a test named here
 * no longer exists, and when a criterion said to be supported names none.
 */

/** The accessibility page's form for reporting a barrier, and its place on the page. */
export const BARRIER_FORM_ANCHOR = "report";
export const BARRIER_FORM_PATH = `/accessibility#${BARRIER_FORM_ANCHOR}`;
/** The Accessibility Conformance Report (VPAT 2.5, WCAG edition) as a document to download. */
export const CONFORMANCE_REPORT_PATH = "/accessibility/conformance-report.html";

/** The VPAT's conformance terms. */
export type Conformance = "Supports" | "Partially Supports" | "Does Not Support" | "Not Applicable";

/** A test that holds a claim: its file in the repository and its title (or the start of it). */
export interface HeldBy {
  file: string;
  test: string;
}

export interface CriterionReport {
  id: string;
  name: string;
  level: "A" | "AA";
  conformance: Conformance;
  remarks: string;
  heldBy: readonly HeldBy[];
}

const axePublic: HeldBy = {
  file: "tests/e2e/accessibility.spec.ts",
  test: "every public page passes axe's WCAG 2.2 AA and best-practice rules at 390 and 1280 px",
};
const axeDashboard: HeldBy = {
  file: "tests/e2e/accessibility.spec.ts",
  test: "every dashboard page passes axe's WCAG 2.2 AA and best-practice rules at 390 and 1280 px",
};
const axeForms: HeldBy = {
  file: "tests/e2e/accessibility.spec.ts",
  test: "forms pass axe empty, filled in, and refused with their errors",
};
const noMedia: HeldBy = {
  file: "tests/e2e/accessibility.spec.ts",
  test: "no page plays audio or video, and nothing moves for visitors who prefer reduced motion",
};
const readingOrder: HeldBy = {
  file: "tests/e2e/accessibility.spec.ts",
  test: "focus moves down each page in reading order, always visible and never under the sticky header",
};
const forcedColors: HeldBy = {
  file: "tests/e2e/accessibility.spec.ts",
  test: "in forced colors every button and field keeps a visible edge",
};
const fieldContrast: HeldBy = {
  file: "tests/e2e/accessibility.spec.ts",
  test: "every field's edge and the focus ring stand out 3:1 from the page",
};
const skipAndShortPaths: HeldBy = {
  file: "tests/e2e/accessibility.spec.ts",
  test: "the skip link passes the dashboard's menu, and each form's first field is within three Tabs",
};
const barrierForm: HeldBy = {
  file: "tests/e2e/accessibility.spec.ts",
  test: "the barrier form, by keyboard alone, reaches the dashboard's accessibility reports",
};
const reflow: HeldBy = {
  file: "tests/e2e/public-pages.spec.ts",
  test: "every public page fits a 320 px phone without sideways scrolling",
};
const reflowDashboard: HeldBy = {
  file: "tests/e2e/dashboard-phone.spec.ts",
  test: "every dashboard page fits a 320 px screen, also with long file names",
};
const zoom200: HeldBy = {
  file: "tests/e2e/accessibility.spec.ts",
  test: "zoomed to 200% on a laptop's screen (640 CSS px wide) no page scrolls sideways",
};
const panelsGiveFocusBack: HeldBy = {
  file: "tests/e2e/keyboard-dashboard.spec.ts",
  test: "panels that open in place give focus back to what opened them",
};
const carouselPause: HeldBy = {
  file: "tests/e2e/home.spec.ts",
  test: "the Pause button stops the advance and Play starts it again",
};
const carouselReducedMotion: HeldBy = {
  file: "tests/e2e/home.spec.ts",
  test: "does not advance by itself for visitors who prefer reduced motion",
};
const menuKeyboard: HeldBy = {
  file: "tests/e2e/layout.spec.ts",
  test: "works from the keyboard, and Escape inside the menu returns focus to the button",
};
const pageTitles: HeldBy = {
  file: "tests/e2e/layout.spec.ts",
  test: "every page has a title, the document language and the favicon",
};
const headerAndFooter: HeldBy = {
  file: "tests/e2e/layout.spec.ts",
  test: "show the site navigation, the search box and the footer links",
};
const searchKeyboard: HeldBy = {
  file: "tests/e2e/search.spec.ts",
  test: "moves through the results with the arrow keys; Enter opens the highlighted one",
};
const searchDismiss: HeldBy = {
  file: "tests/e2e/search.spec.ts",
  test: "Escape and a click elsewhere close the list; the arrow keys open it again",
};
const distinctNames: HeldBy = {
  file: "tests/e2e/control-names.spec.ts",
  test: "the check fails when two controls share a name but act on different things",
};
const focusAfterNavigation: HeldBy = {
  file: "tests/e2e/focus-navigation.spec.ts",
  test: "choosing a dashboard menu link by keyboard puts focus on the new page's heading",
};
const sortKeepsFocus: HeldBy = {
  file: "tests/e2e/focus-navigation.spec.ts",
  test: "a new order of the same page keeps focus on the order's choice",
};
const focusAfterSave: HeldBy = {
  file: "tests/e2e/focus-navigation.spec.ts",
  test: "after a save, focus goes to the message that says so",
};
const filterByKeyboard: HeldBy = {
  file: "tests/e2e/keyboard-public.spec.ts",
  test: "a visitor filters a category by keyboard: focus stays on the box and the count is announced",
};
const compareByKeyboard: HeldBy = {
  file: "tests/e2e/keyboard-public.spec.ts",
  test: "a visitor compares three products by keyboard and reads the comparison's table",
};
const contactByKeyboard: HeldBy = {
  file: "tests/e2e/keyboard-public.spec.ts",
  test: "a visitor sends the contact form by keyboard, corrects what it refused and hears the thanks",
};
const searchByKeyboard: HeldBy = {
  file: "tests/e2e/keyboard-public.spec.ts",
  test: "a visitor searches, opens a product and downloads its datasheet by keyboard",
};
const importByKeyboard: HeldBy = {
  file: "tests/e2e/keyboard-dashboard.spec.ts",
  test: "an editor exports the catalog, imports it changed and applies it, by keyboard",
};
const inboxByKeyboard: HeldBy = {
  file: "tests/e2e/keyboard-dashboard.spec.ts",
  test: "an editor reads a visitor's message and answers it, by keyboard",
};
const signInByKeyboard: HeldBy = {
  file: "tests/e2e/keyboard-dashboard.spec.ts",
  test: "an editor signs in by keyboard; a wrong password is said, and the dashboard's menu can be skipped",
};
const productByKeyboard: HeldBy = {
  file: "tests/e2e/keyboard-dashboard.spec.ts",
  test: "a product made by keyboard with an image and a download, then its page opened",
};
const publishByKeyboard: HeldBy = {
  file: "tests/e2e/keyboard-dashboard.spec.ts",
  test: "the product edited, unpublished, scheduled, published and deleted by keyboard, then restored twice",
};
const inviteByKeyboard: HeldBy = {
  file: "tests/e2e/keyboard-dashboard.spec.ts",
  test: "an owner invites a person by keyboard, and the invitation's message is said",
};
const rowsOneStop: HeldBy = {
  file: "tests/e2e/keyboard-dashboard.spec.ts",
  test: "long lists take one Tab stop a row: products, inbox and the audit log",
};
const signInErrors: HeldBy = {
  file: "tests/e2e/auth.spec.ts",
  test: "a wrong password or an unknown address shows the failure message and signs nobody in",
};
const passkeySignIn: HeldBy = {
  file: "tests/e2e/passkeys.spec.ts",
  test: "a person adds a passkey, signs in with it instead of the password, and renames it",
};
const restoreDeleted: HeldBy = {
  file: "tests/e2e/history.spec.ts",
  test: "a deleted product comes back whole from Recently deleted, with its downloads and accessories",
};
const deleteAsks: HeldBy = {
  file: "tests/e2e/dashboard-products.spec.ts",
  test: "delete asks first, then removes the product, its files and its accessory links",
};
const conflict: HeldBy = {
  file: "tests/e2e/dashboard-products.spec.ts",
  test: "two pages edit the same product: the later save sees the conflict and the newer data",
};
const imageAlt: HeldBy = {
  file: "tests/e2e/dashboard-products.spec.ts",
  test: "image descriptions: the public pages use them as alt text, and the model when one is cleared",
};
const contactNoScript: HeldBy = {
  file: "tests/e2e/contact.spec.ts",
  test: "without scripts the form works; a bot's honeypot goes nowhere; too many messages are refused",
};
const thumbnailKeyboard: HeldBy = {
  file: "tests/e2e/product.spec.ts",
  test: "choosing a thumbnail swaps the main image, by pointer or keyboard",
};

const A = "A" as const;
const AA = "AA" as const;

export const CRITERIA: readonly CriterionReport[] = [
  {
    id: "1.1.1",
    name: "Non-text Content",
    level: A,
    conformance: "Supports",
    remarks:
      "Every product picture has the description its editor wrote, or the model when none was; decorative images and icons are hidden from assistive technology. The dashboard asks for a description with every picture.",
    heldBy: [axePublic, axeDashboard, imageAlt],
  },
  {
    id: "1.2.1",
    name: "Audio-only and Video-only (Prerecorded)",
    level: A,
    conformance: "Not Applicable",
    remarks: "The site has no audio or video.",
    heldBy: [noMedia],
  },
  {
    id: "1.2.2",
    name: "Captions (Prerecorded)",
    level: A,
    conformance: "Not Applicable",
    remarks: "The site has no audio or video.",
    heldBy: [noMedia],
  },
  {
    id: "1.2.3",
    name: "Audio Description or Media Alternative (Prerecorded)",
    level: A,
    conformance: "Not Applicable",
    remarks: "The site has no video.",
    heldBy: [noMedia],
  },
  {
    id: "1.3.1",
    name: "Info and Relationships",
    level: A,
    conformance: "Partially Supports",
    remarks:
      "Web pages: headings, landmarks, lists, tables with header cells, and labels tied to their fields. Product datasheets (PDF) are not tagged, so their structure is not conveyed; every fact in a datasheet is also on the product's page.",
    heldBy: [axePublic, axeDashboard, axeForms],
  },
  {
    id: "1.3.2",
    name: "Meaningful Sequence",
    level: A,
    conformance: "Supports",
    remarks: "The reading order of every page is its visual order, top to bottom; focus follows it.",
    heldBy: [readingOrder],
  },
  {
    id: "1.3.3",
    name: "Sensory Characteristics",
    level: A,
    conformance: "Supports",
    remarks:
      "Instructions name controls by their visible words, never by shape, colour, size or place; the check that names are distinct holds each control's words.",
    heldBy: [distinctNames, axeForms],
  },
  {
    id: "1.4.1",
    name: "Use of Color",
    level: A,
    conformance: "Supports",
    remarks:
      "Links in text are underlined; errors are said in words beside their field; states (unread, current page, NDAA compliance) have words or icons besides their colour.",
    heldBy: [axePublic, axeDashboard],
  },
  {
    id: "1.4.2",
    name: "Audio Control",
    level: A,
    conformance: "Not Applicable",
    remarks: "The site plays no sound.",
    heldBy: [noMedia],
  },
  {
    id: "2.1.1",
    name: "Keyboard",
    level: A,
    conformance: "Supports",
    remarks:
      "Every task works with a keyboard alone, each tested end to end without a click: filtering, comparing, searching, datasheets and the contact form; signing in, making, editing, publishing, scheduling, deleting and restoring a product with its pictures and downloads, inviting, importing and answering messages; also menus, the search box's list, the carousel and reordering (Move up and Move down buttons).",
    heldBy: [
      menuKeyboard,
      searchKeyboard,
      thumbnailKeyboard,
      barrierForm,
      readingOrder,
      filterByKeyboard,
      compareByKeyboard,
      searchByKeyboard,
      contactByKeyboard,
      signInByKeyboard,
      productByKeyboard,
      publishByKeyboard,
      inviteByKeyboard,
      importByKeyboard,
      inboxByKeyboard,
    ],
  },
  {
    id: "2.1.2",
    name: "No Keyboard Trap",
    level: A,
    conformance: "Supports",
    remarks: "Focus leaves every control with Tab; menus and lists close with Escape and give focus back.",
    heldBy: [menuKeyboard, searchDismiss, readingOrder],
  },
  {
    id: "2.1.4",
    name: "Character Key Shortcuts",
    level: A,
    conformance: "Not Applicable",
    remarks: "The site has no single-character shortcuts: keys act only on the control that has focus.",
    heldBy: [readingOrder],
  },
  {
    id: "2.2.1",
    name: "Timing Adjustable",
    level: A,
    conformance: "Supports",
    remarks:
      "No page has a time limit: a dashboard session lasts seven days and a form kept open keeps what was typed; a sensitive action asks for the password again rather than failing. Links mailed for a password reset expire, as security requires.",
    heldBy: [axePublic, axeDashboard, conflict],
  },
  {
    id: "2.2.2",
    name: "Pause, Stop, Hide",
    level: A,
    conformance: "Supports",
    remarks:
      "The home page's slides can be paused, stop when a visitor uses them, and do not move by themselves for visitors who prefer reduced motion. Nothing else moves, blinks or updates by itself (live updates change only what changed, in place).",
    heldBy: [carouselPause, carouselReducedMotion, noMedia],
  },
  {
    id: "2.3.1",
    name: "Three Flashes or Below Threshold",
    level: A,
    conformance: "Supports",
    remarks: "Nothing flashes.",
    heldBy: [noMedia],
  },
  {
    id: "2.4.1",
    name: "Bypass Blocks",
    level: A,
    conformance: "Supports",
    remarks:
      "A skip link first on every page leads to its content, past the dashboard's menu too; pages have landmarks and headings.",
    heldBy: [skipAndShortPaths, axePublic, axeDashboard],
  },
  {
    id: "2.4.2",
    name: "Page Titled",
    level: A,
    conformance: "Supports",
    remarks: "Every page has a title of its own, naming the record it shows and the site.",
    heldBy: [pageTitles],
  },
  {
    id: "2.4.3",
    name: "Focus Order",
    level: A,
    conformance: "Supports",
    remarks:
      "Focus moves in reading order; after a client-side navigation it goes to the new page's heading, after a change to what changed: a filter keeps focus on its box, a row added takes it in its first field and a row removed gives it to the Add button; a panel opened in place gives it back to what opened it; long lists are one Tab stop a row.",
    heldBy: [
      readingOrder,
      focusAfterNavigation,
      sortKeepsFocus,
      focusAfterSave,
      searchKeyboard,
      filterByKeyboard,
      productByKeyboard,
      rowsOneStop,
      panelsGiveFocusBack,
    ],
  },
  {
    id: "2.4.4",
    name: "Link Purpose (In Context)",
    level: A,
    conformance: "Supports",
    remarks: "Every link's words say where it leads; links that lead to different places never share their words.",
    heldBy: [distinctNames, axePublic, axeDashboard],
  },
  {
    id: "2.5.1",
    name: "Pointer Gestures",
    level: A,
    conformance: "Supports",
    remarks: "Everything works with a single tap or click: the carousel has buttons, nothing needs a swipe or a pinch.",
    heldBy: [carouselPause],
  },
  {
    id: "2.5.2",
    name: "Pointer Cancellation",
    level: A,
    conformance: "Supports",
    remarks: "Controls act on release (the browser's own click), never on press.",
    heldBy: [axePublic],
  },
  {
    id: "2.5.3",
    name: "Label in Name",
    level: A,
    conformance: "Supports",
    remarks:
      'Every control\'s accessible name starts with its visible words, and adds what it acts on where there are several ("Delete Firmware 2.4 is out").',
    heldBy: [axePublic, axeDashboard, distinctNames],
  },
  {
    id: "2.5.4",
    name: "Motion Actuation",
    level: A,
    conformance: "Not Applicable",
    remarks: "Nothing responds to moving or shaking the device.",
    heldBy: [noMedia],
  },
  {
    id: "3.1.1",
    name: "Language of Page",
    level: A,
    conformance: "Supports",
    remarks: "Every page says its language.",
    heldBy: [pageTitles, axePublic],
  },
  {
    id: "3.2.1",
    name: "On Focus",
    level: A,
    conformance: "Supports",
    remarks: "Focusing a control never changes the page or opens anything.",
    heldBy: [readingOrder],
  },
  {
    id: "3.2.2",
    name: "On Input",
    level: A,
    conformance: "Supports",
    remarks:
      "Choosing a filter or an order changes the list shown, in place, and keeps focus on the choice; no choice submits a form or opens another page.",
    heldBy: [sortKeepsFocus, filterByKeyboard],
  },
  {
    id: "3.2.6",
    name: "Consistent Help",
    level: A,
    conformance: "Supports",
    remarks: "Contact and Support are in the header of every public page, in the same place.",
    heldBy: [headerAndFooter],
  },
  {
    id: "3.3.1",
    name: "Error Identification",
    level: A,
    conformance: "Supports",
    remarks:
      "A refused form says so above it (an alert) and beside each field in words, tied to the field it concerns; focus goes to the first refused field.",
    heldBy: [signInErrors, axeForms, contactByKeyboard, inviteByKeyboard],
  },
  {
    id: "3.3.2",
    name: "Labels or Instructions",
    level: A,
    conformance: "Supports",
    remarks:
      "Every field has a visible label; optional fields say so, and fields with rules say them beside the field.",
    heldBy: [axeForms, axePublic, axeDashboard],
  },
  {
    id: "3.3.7",
    name: "Redundant Entry",
    level: A,
    conformance: "Supports",
    remarks:
      "A refused form keeps everything typed; the barrier form offers the page the visitor came from; nothing asks twice for what was given.",
    heldBy: [contactNoScript, axeForms],
  },
  {
    id: "4.1.2",
    name: "Name, Role, Value",
    level: A,
    conformance: "Supports",
    remarks:
      "Native HTML controls throughout; the search box is an ARIA combobox, the carousel a labelled group of slides, menus say whether they are open.",
    heldBy: [axePublic, axeDashboard, searchKeyboard],
  },
  {
    id: "1.2.4",
    name: "Captions (Live)",
    level: AA,
    conformance: "Not Applicable",
    remarks: "The site has no live audio.",
    heldBy: [noMedia],
  },
  {
    id: "1.2.5",
    name: "Audio Description (Prerecorded)",
    level: AA,
    conformance: "Not Applicable",
    remarks: "The site has no video.",
    heldBy: [noMedia],
  },
  {
    id: "1.3.4",
    name: "Orientation",
    level: AA,
    conformance: "Supports",
    remarks: "Pages work in portrait and landscape.",
    heldBy: [axePublic, axeDashboard],
  },
  {
    id: "1.3.5",
    name: "Identify Input Purpose",
    level: AA,
    conformance: "Supports",
    remarks: "Fields about the person (name, e-mail, organization, passwords) say their purpose with autocomplete.",
    heldBy: [axeForms],
  },
  {
    id: "1.4.3",
    name: "Contrast (Minimum)",
    level: AA,
    conformance: "Supports",
    remarks: "Text contrasts at least 4.5:1 with its background (3:1 for large text).",
    heldBy: [axePublic, axeDashboard, axeForms],
  },
  {
    id: "1.4.4",
    name: "Resize Text",
    level: AA,
    conformance: "Supports",
    remarks:
      "Pages can be zoomed to 200% and more; nothing stops the browser's zoom. At 200% of a laptop's screen (640 CSS pixels) and at 400% (320) no page scrolls sideways.",
    heldBy: [reflow, axePublic, zoom200],
  },
  {
    id: "1.4.5",
    name: "Images of Text",
    level: AA,
    conformance: "Supports",
    remarks: "Text is text; the only pictures with words are the logo and product photographs.",
    heldBy: [axePublic],
  },
  {
    id: "1.4.10",
    name: "Reflow",
    level: AA,
    conformance: "Supports",
    remarks:
      "Every page fits 320 CSS pixels without scrolling sideways, except the specification and comparison tables, which scroll within themselves as two-dimensional content may.",
    heldBy: [reflow, reflowDashboard],
  },
  {
    id: "1.4.11",
    name: "Non-text Contrast",
    level: AA,
    conformance: "Supports",
    remarks:
      "Field edges and the focus ring contrast at least 3:1 with the page; in forced colors every button and field keeps its edge.",
    heldBy: [fieldContrast, forcedColors],
  },
  {
    id: "1.4.12",
    name: "Text Spacing",
    level: AA,
    conformance: "Supports",
    remarks: "No text is set in boxes of fixed height; spacing set by a visitor's style sheet is kept.",
    heldBy: [axePublic, axeDashboard],
  },
  {
    id: "1.4.13",
    name: "Content on Hover or Focus",
    level: AA,
    conformance: "Supports",
    remarks:
      "The search box's list closes with Escape and stays while the pointer is over it; there are no tooltips that hide content.",
    heldBy: [searchDismiss],
  },
  {
    id: "2.4.5",
    name: "Multiple Ways",
    level: AA,
    conformance: "Supports",
    remarks: "Pages are reached by the menus, the search on every page, category filters, and the sitemap.",
    heldBy: [searchKeyboard, headerAndFooter],
  },
  {
    id: "2.4.6",
    name: "Headings and Labels",
    level: AA,
    conformance: "Supports",
    remarks: "Every page has one main heading naming it; sections have headings; labels say what to enter.",
    heldBy: [axePublic, axeDashboard],
  },
  {
    id: "2.4.7",
    name: "Focus Visible",
    level: AA,
    conformance: "Supports",
    remarks: "A 2 px ring shows where focus is, on every control.",
    heldBy: [readingOrder, fieldContrast],
  },
  {
    id: "2.4.11",
    name: "Focus Not Obscured (Minimum)",
    level: AA,
    conformance: "Supports",
    remarks: "A control that takes focus scrolls clear of the sticky header.",
    heldBy: [readingOrder],
  },
  {
    id: "2.5.7",
    name: "Dragging Movements",
    level: AA,
    conformance: "Supports",
    remarks: "Nothing needs dragging: images, downloads and features are ordered with Move up and Move down.",
    heldBy: [distinctNames],
  },
  {
    id: "2.5.8",
    name: "Target Size (Minimum)",
    level: AA,
    conformance: "Supports",
    remarks: "Controls are at least 24 by 24 CSS pixels or spaced as the criterion allows; links in text are exempt.",
    heldBy: [axePublic, axeDashboard],
  },
  {
    id: "3.1.2",
    name: "Language of Parts",
    level: AA,
    conformance: "Supports",
    remarks: "The site is in English; the few words in other languages are proper names.",
    heldBy: [axePublic],
  },
  {
    id: "3.2.3",
    name: "Consistent Navigation",
    level: AA,
    conformance: "Supports",
    remarks: "The header, footer and dashboard menu are the same, in the same order, on every page.",
    heldBy: [headerAndFooter, focusAfterNavigation],
  },
  {
    id: "3.2.4",
    name: "Consistent Identification",
    level: AA,
    conformance: "Supports",
    remarks: "A control that does the same thing has the same name everywhere; controls that differ never share one.",
    heldBy: [distinctNames],
  },
  {
    id: "3.3.3",
    name: "Error Suggestion",
    level: AA,
    conformance: "Supports",
    remarks: 'Each refusal says what is expected ("Enter an e-mail address such as name@example.com").',
    heldBy: [signInErrors, axeForms],
  },
  {
    id: "3.3.4",
    name: "Error Prevention (Legal, Financial, Data)",
    level: AA,
    conformance: "Supports",
    remarks:
      "Deleting asks first, and what was deleted comes back from Recently deleted; two people editing the same record are told before either overwrites the other.",
    heldBy: [deleteAsks, restoreDeleted, conflict],
  },
  {
    id: "3.3.8",
    name: "Accessible Authentication (Minimum)",
    level: AA,
    conformance: "Supports",
    remarks:
      "Password fields allow pasting and password managers; a passkey or single sign-on signs in without anything to remember or transcribe.",
    heldBy: [passkeySignIn, axeForms],
  },
  {
    id: "4.1.3",
    name: "Status Messages",
    level: AA,
    conformance: "Supports",
    remarks:
      "Saves, refusals, search counts and live changes are said in status or alert regions, or by moving focus to the message.",
    heldBy: [axeForms, barrierForm, focusAfterSave, filterByKeyboard, inviteByKeyboard],
  },
];

export const CONFORMANCE_REPORT = {
  name: "Vantage website and dashboard",
  date: "2026-12-06",
  standard: "Web Content Accessibility Guidelines 2.2, levels A and AA",
  description:
    "The public website (news, product catalog, product pages, comparison, support and firmware, search, contact and security reports) and the private dashboard where the team edits it.",
  evaluationMethods:
    "Automated tests run in Chromium before every change is accepted: axe-core with its WCAG 2.2 A and AA rules, its best practices and its experimental name rules on every public and dashboard page at 390 and 1280 CSS pixels and on forms empty, filled and refused; tests that use the keyboard alone and read what the accessibility tree announces; checks of reflow at 320 pixels, forced colors, reduced motion, focus order and contrast of controls. The report names, for each criterion, the tests that hold it.",
  limitations: [
    "Product datasheets are PDF files without tags: a screen reader reads their text but not their structure. Everything in a datasheet is also on the product's page.",
    "Descriptions of product pictures are written by our editors; a picture without one is described by its product's model.",
  ],
  criteria: CRITERIA,
} as const;
