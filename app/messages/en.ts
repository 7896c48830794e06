/**
 * The interface's messages in English, the language every one is written in first (decision 086): ICU
 * MessageFormat, each other catalog (./catalogs.ts) a translation of these keys, any it lacks taken
 * from the next language of the reader's chain.
 */
export const en = {
  /** The notice offering the page in the visitor's language: `language` is that language's name in it. */
  "languageNotice.offer": "This page is also in {language}",
  "languageNotice.decline": "No thanks",
  /** What the notice is called, for screen readers. */
  "languageNotice.label": "Language suggestion",

  // The shell: what every page shows around its own content (decision 087).
  "shell.skipLink": "Skip to content",
  "shell.home": "Home",
  "shell.products": "Products",
  "shell.about": "About",
  "shell.contact": "Contact",
  "shell.support": "Support",
  "shell.firmware": "Firmware",
  /** The header's navigation, for screen readers. */
  "shell.mainNavigation": "Main",
  /** The navigation a narrow window shows in the header's menu, for screen readers. */
  "shell.menuNavigation": "Menu",
  "shell.openMenu": "Open menu",
  "shell.closeMenu": "Close menu",
  /** The header's search form, for screen readers. */
  "shell.searchRegion": "Site",
  "shell.searchLabel": "Search products and categories",
  "shell.searchPlaceholder": "Search",
  /** The list of matches under the header's search field, for screen readers. */
  "shell.searchResults": "Search results",
  "shell.seeAllResults": "See all results",
  "shell.categories": "Categories",
  "shell.news": "News",
  "shell.privacy": "Privacy",
  "shell.accessibility": "Accessibility",
  "shell.admin": "Admin",
  /** The footer's navigation, for screen readers. */
  "shell.footerNavigation": "Footer",
  /** The footer's list of the site's languages, for screen readers. */
  "shell.languages": "Language",

  // What only a signed-in editor's header shows: not in an anonymous visitor's page at all.
  "editor.dashboard": "Dashboard",
  "editor.signOut": "Sign Out",

  // The error page: what a page that failed, or is not there, says in its place.
  /** The error page's title and its words for a page that is not there (status 404). */
  "error.notFound": "Not Found",
  /** Its title for any other error. */
  "error.title": "Error",
  "error.heading": "Oops",
  "error.sorry": "Sorry, an error has occurred.",
  /** Its words for a page only an owner may open (status 403). */
  "error.forbidden": "Forbidden",
  "error.unexpected": "An unexpected error occurred.",
  /** Its links out, for screen readers. */
  "error.whereNext": "Where to go next",
  "error.home": "Go to the home page",
  "error.catalog": "Browse all products",

  // The News page (/news).
  "news.title": "News",
  /** Its title from its second page on. */
  "news.titleOfPage": "News, page {page, number}",
  /** What search engines and shared links show of it. */
  "news.description": "News from us: new cameras and firmware, events, and what we have been working on.",
  "news.intro": "Everything we have announced on our home page, newest first.",
  /** The link to its items as an Atom feed. */
  "news.feed": "Atom feed",
  "news.empty": "No news yet.",

  // An item of the news, on the home page and on the News page.
  /** The link of an item that leads further. */
  "newsItem.readMore": "Read more",
  /** After those words, for screen readers: `title` is the item's heading, or the start of its text. */
  "newsItem.about": " about {title}",

  // The home page (/).
  "home.title": "AI security cameras",
  /** What search engines and shared links show of it. */
  "home.description":
    "AI-powered security cameras, recorders and video management software: browse the catalog, read the news and download manuals and firmware.",
  /** Its heading, for screen readers: `company` is the company's name. */
  "home.heading": "{company}: AI security cameras",
  /** The carousel of pictures at its top, for screen readers, and its buttons. */
  "home.carousel": "Highlights",
  "home.pause": "Pause",
  "home.play": "Play",
  "home.previous": "Previous slide",
  "home.next": "Next slide",
  /** A button that shows one slide: `number` is its place, from 1. */
  "home.showSlide": "Show slide {number, number}",
  /** A slide, for screen readers: its place among `count` slides. */
  "home.slide": "{number, number} of {count, number}",
  /** A link to the News page under the items. */
  "home.allNews": "All news",
  /** What it shows while it has no items: `company` is the company's name. */
  "home.welcome": "Welcome to {company}",
  "home.welcomeText":
    "We design and build AI-powered security cameras, recorders and video management software. Check out our products to find the right camera for your site.",
  "home.welcomeLink": "Check out our products",

  // The About page (/about): its words around the owner's text.
  "about.title": "About Us",
  /** What search engines and shared links show of it. */
  "about.description":
    "We design and manufacture AI-powered CCTV: security cameras with on-camera deep learning, network video recorders and video management software.",
  /** Its picture, for those who cannot see it. */
  "about.heroAlt": "Dome and bullet security cameras over a circuit-board pattern",
  "about.browse": "Browse our products",
  "about.contact": "Contact us",

  // The privacy page (/privacy): its words around the owner's policy.
  "privacy.title": "Privacy Policy",
  /** What search engines and shared links show of it. */
  "privacy.description":
    "What information this website collects, how it is used, where it is processed, when it is disclosed and how it is kept secure.",
  "privacy.questionsHeading": "Questions about this policy",
  /** `email` is the contact address, a link. */
  "privacy.questions":
    "We may update this policy from time to time; the current version is always on this page. If you have any questions about it, or want to know what information we hold about you, please email us at {email}.",

  // The contact page (/contact).
  "contact.title": "Contact",
  /** What search engines and shared links show of it. */
  "contact.description":
    "Questions about our AI security cameras, a project quote or technical support? Write to us and the right person will answer.",
  /** Its picture, for those who cannot see it. */
  "contact.heroAlt": "A globe with connected points, standing for customers and partners around the world",
  /** `email` is the contact address, a link. */
  "contact.intro": "For all inquiries, please email us at {email}.",
  "contact.salesTitle": "Sales and projects",
  "contact.salesText": "Product selection, quotes, demo units and project registration.",
  "contact.supportTitle": "Technical support",
  "contact.supportText": "Include the model, the firmware version and, if you can, the serial number of the device.",
  "contact.partnersTitle": "Partners",
  "contact.partnersText": "Become an installer or integrator partner, or reach your regional manager.",
  "contact.formTitle": "Write to us",
  "contact.name": "Name",
  "contact.company": "Company (optional)",
  "contact.product": "Product model (optional)",
  "contact.message": "Message",
  "contact.send": "Send message",
  /** Where the form was, once sent. */
  "contact.sent": "Thank you: your message has been sent. We answer within one working day.",
  /** `support` is a link to the support page, named by `contact.supportLink`. */
  "contact.downloads":
    "Looking for a manual, a datasheet or new firmware? Most answers are a download away on our {support}.",
  "contact.supportLink": "Support page",

  // What every visitor form has (the contact form, the vulnerability and barrier reports).
  "visitorForm.email": "E-mail",
  /** Who writes, where a form may be sent without a name. */
  "visitorForm.optionalName": "Name (optional)",
  /** The button while the form goes. */
  "visitorForm.sending": "Sending…",
  /** Above the form when the server refused a field. */
  "visitorForm.checkEachInput": "Please check each input",

  // What the visitor forms' server says of a field it refused, beside the field.
  "contactForm.nameRequired": "Enter your name",
  "contactForm.emailInvalid": "Enter an e-mail address such as name@example.com, so we can answer",
  "contactForm.messageRequired": "Write your message",
  "contactForm.messageTooShort": "Write a little more: at least 10 characters",
  "contactForm.tooLong": "At most {max, number} characters",
  /** A visitor who sent too many messages through the contact form: when to try again. */
  "contactForm.tooMany":
    "You have sent several messages in a short time. Please try again in {minutes, plural, one {# minute} other {# minutes}}, or write to us by e-mail.",

  // The comparison (/compare).
  "compare.title": "Compare products",
  /** Its title once it compares products: `models` their models, joined. */
  "compare.titleOf": "Compare {models}",
  /** What search engines and shared links show of it. */
  "compare.description":
    "Compare security cameras and recorders side by side: features and specifications, with the differences marked.",
  "compare.descriptionOf":
    "{models} side by side: category, NDAA compliance, features and every specification, with the differences marked.",
  /** Products of a shared comparison withdrawn since. */
  "compare.withdrawn":
    "{count, plural, one {One product of this comparison is no longer in the catalog.} other {# products of this comparison are no longer in the catalog.}}",
  "compare.full": "Up to {max, number} products can be compared: remove one to add another.",
  /** `model` is what was typed into the box that adds a product. */
  "compare.notFound": "No product has the model “{model}”.",
  "compare.empty":
    "Choose products to compare: tick “Compare” on products in the catalog, or add one by its model below.",
  "compare.onlyDifferences": "Only differences",
  /** Without scripts, the button that shows only the differences. */
  "compare.apply": "Apply",
  /** The table's caption, for screen readers. */
  "compare.caption": "Comparison of {models}",
  "compare.captionDifferences": "Comparison of {models}, only the rows that differ",
  "compare.remove": "Remove",
  /** The link's name for screen readers: `removed` is the product's model. */
  "compare.removeLabel": "Remove {removed} from the comparison",
  /** A row whose values differ: its mark, and the mark's tooltip. */
  "compare.differs": "(differs)",
  "compare.differsTitle": "The products differ here",
  "compare.noDifferences": "These products do not differ in anything listed.",
  "compare.addLabel": "Add a product by its model",
  "compare.add": "Add",
  "compare.clear": "Clear the comparison",
  "compare.print": "Print",
  // The comparison's own rows: their names, and NDAA's values.
  "compare.category": "Category",
  "compare.ndaa": "NDAA compliant",
  "compare.lifecycle": "Lifecycle",
  "compare.features": "Features",
  "compare.yes": "Yes",
  "compare.no": "No",
  /** The lines of a specification that are no "Name: value". */
  "compare.otherSpecifications": "Other specifications",
  /** Above the specifications as written, when typed values come first in their groups. */
  "compare.moreSpecifications": "More specifications",

  // A product's page (/catalog/products/…): its own words around what the product's record says.
  /** The trail above it, for screen readers. */
  "product.breadcrumb": "Breadcrumb",
  /** Before the link to its category. */
  "product.category": "Category:",
  "product.ndaa": "NDAA-compliant",
  "product.compare": "Compare",
  /** The compare link's name for screen readers. */
  "product.compareLabel": "Compare {model} with other products",
  "product.datasheet": "Download datasheet",
  /** The link's name for screen readers: it holds the link's text (`product.datasheet`), as a name must. */
  "product.datasheetLabel": "Download datasheet of {model} (PDF)",
  /** For a signed-in editor only. */
  "product.dashboard": "View in dashboard",
  "product.images": "Product images",
  /** A thumbnail's name for screen readers: the picture's description follows. */
  "product.showImage": "Show image {number, number} of {count, number}",
  "product.specifications": "Specifications",
  "product.specificationsCaption": "{model} specifications",
  "product.moreSpecifications": "More specifications",
  "product.specificationTable": "Specification table",
  "product.specificationTableCaption": "{model} specification table",
  "product.coverage": "Coverage calculator",
  "product.accessories": "Accessories and related products",
  "product.firmware": "Firmware",
  "product.latestFirmware": "Latest stable release:",
  "product.allFirmware": "All firmware releases for {model}",
  "product.firmwareFeed": "Atom feed",
  "product.advisories": "Security advisories",
  "product.allAdvisories": "All advisories for {model}",
  "product.advisoriesFeed": "Atom feed of advisories",
  "product.compliance": "Compliance",
  "product.downloads": "Downloads",
  "product.noDownloads": "No downloads for this product.",

  // The catalog's menu of its categories, beside every catalog page.
  "catalogMenu.categories": "Categories",
  "catalogMenu.allProducts": "All Products",
  "catalogMenu.selector": "Product selector",
  "catalogMenu.noCategories": "No categories found",

  // All products (/catalog).
  "catalog.title": "All Products",
  /** Its title from its second page on. */
  "catalog.titleOfPage": "All Products, page {page, number}",
  /** What search engines and shared links show of it. */
  "catalog.description": "Explore our entire catalog of AI security cameras, recorders and accessories.",
  "catalog.intro": "Explore our entire catalog.",

  // What a list of products shows (all products, a category, search): its count, filters, order and cards.
  "listing.count": "{total, plural, one {# product} other {# products}}",
  /** What search engines show of a category that has no description of its own: `category` is its name. */
  "listing.categoryDescription": "{category} from our catalog.",
  /** The filters' form, for screen readers. */
  "listing.filters": "Filters",
  /** Without scripts, the button that applies a change of the filters. */
  "listing.apply": "Apply",
  "listing.applyFilters": "Apply filters",
  "listing.lifecycle": "Lifecycle",
  /** `discontinued`: how many discontinued products the other filters would add. */
  "listing.includeDiscontinued": "Include discontinued ({discontinued, number})",
  /** The two bounds of a filter by a number. */
  "listing.from": "From",
  "listing.to": "To",
  /** Under a filter by a range: `span` is where the products' ranges lie ("12–50 m"). */
  "listing.rangesWithin": "Ranges within {span}",
  /** Under a filter by a number: `span` is where the products' values lie ("12–50 m"). */
  "listing.valuesWithin": "Values {span}",
  /** The values of a yes/no specification. */
  "listing.yes": "Yes",
  "listing.no": "No",
  /** Above the filters chosen, for screen readers. */
  "listing.activeFilters": "Active filters",
  /** After a chosen filter's name, for screen readers: the link removes it. */
  "listing.removeFilter": ", remove filter",
  "listing.clearAll": "Clear all",
  "listing.noMatches": "No products found that match the selected filters.",
  "listing.empty": "No products found in this category",
  "listing.sortBy": "Sort by",
  /** Without scripts, the button that applies the order chosen. */
  "listing.sort": "Sort",
  "listing.sortRelevance": "Best match",
  "listing.sortModel": "Model (A–Z)",
  "listing.sortNewest": "Newest",
  /** An order by a specification: `name` is its name. */
  "listing.sortHighest": "{name}, highest first",
  "listing.sortLowest": "{name}, lowest first",
  "listing.ndaa": "NDAA compliant",
  /** A product's stage, under its model, when it is no longer sold as usual. */
  "listing.endOfSale": "End of sale announced",
  "listing.discontinued": "Discontinued",
  /** A card's list of values, for screen readers: `model` is the product's model. */
  "listing.keySpecifications": "Key specifications of {model}",
  "listing.viewDetails": "View Details",
  /** The link's name for screen readers: it holds the link's text (`listing.viewDetails`), as a name must. */
  "listing.viewDetailsLabel": "View Details: {model}",
  /** The heading of a category's filters by features that are in no group of its own, after the groups. */
  "listing.moreFeatures": "More features",
  /** A card's box that adds its product to the comparison. */
  "listing.compare": "Compare",

  // The bar under a list of products that compares those ticked.
  "compareBar.selected": "Compare selected",
  /** Its button once products are ticked: `count` of them. */
  "compareBar.count": "Compare {count, number} selected",
  "compareBar.chosen": "{count, number} of {max, number} chosen.",
  "compareBar.tick": "Tick “Compare” on up to {max, number} products.",
  "compareBar.clear": "Clear",

  // The support page (/support): its downloads, searched by words, category and type.
  "support.title": "Support",
  /** Its title in a browser's tab and search results. */
  "support.pageTitle": "Support and Downloads",
  /** What search engines and shared links show of it. */
  "support.description":
    "Download product catalogs, datasheets, user manuals, installation guides, firmware release notes and software for our AI security cameras and recorders.",
  "support.intro":
    "Catalogs, datasheets, manuals, installation guides and software for our products. Every file opens in a new tab.",
  "support.firmware": "Firmware updates and release notes",
  "support.lifecycle": "Product lifecycle",
  "support.security": "Security advisories",
  "support.disclosure": "Vulnerability disclosure policy",
  "support.noDownloadsTitle": "No Downloads Available",
  "support.noDownloads": "There are no files available for download.",
  "support.showAll": "Show all downloads",
  /** Under a search narrowed to a category: `link` is a link, named by `support.generalLink`, to the same search in every category. */
  "support.generalNote": "General downloads such as the product catalog and software concern every product: {link}.",
  "support.generalLink": "see them under all categories",
  "support.general": "General Downloads",
  "support.noGeneral": "No general downloads available.",
  "support.products": "Product Specific Downloads",
  /** A product's line: how many downloads it has (the button that unfolds them). */
  "support.downloadCount": "{count, plural, one {# download} other {# downloads}}",
  /** After it, for screen readers: `model` is the product's model. */
  "support.downloadsFor": "for {model}",
  /** `contact` is a link to the contact page, named by `support.contactLink`. */
  "support.help": "Can’t find what you need? {contact} and we will help.",
  "support.contactLink": "Contact us",
  /**
   * What a search that found nothing at all says. `searched`: yes when words were searched for (`query`);
   * `kind`: the type of download chosen (all for every type); `inCategory`: yes when narrowed to `category`.
   */
  "support.nothingMatches":
    "{searched, select, yes {No {kind, select, datasheet {datasheets} manual {manuals or guides} aeSpecification {A&E specifications} cad {CAD/BIM drawings} certificate {certificates} declaration {declarations of conformity} sbom {SBOMs} software {software downloads} others {other documents} other {downloads}} match “{query}”{inCategory, select, yes { in {category}} other {}}.} other {No {kind, select, datasheet {datasheets} manual {manuals or guides} aeSpecification {A&E specifications} cad {CAD/BIM drawings} certificate {certificates} declaration {declarations of conformity} sbom {SBOMs} software {software downloads} others {other documents} other {downloads}}{inCategory, select, yes { in {category}} other {{kind, select, all { in this category} other {}}}}.}}",
  /** What the products' list says when a search left general downloads only (the same values). */
  "support.noProductDownloads":
    "{searched, select, yes {No product {kind, select, datasheet {datasheets} manual {manuals or guides} aeSpecification {A&E specifications} cad {CAD/BIM drawings} certificate {certificates} declaration {declarations of conformity} sbom {SBOMs} software {software downloads} others {other documents} other {downloads}} match “{query}”.} other {{kind, select, all {No product-specific downloads available.} other {No product {kind, select, datasheet {datasheets} manual {manuals or guides} aeSpecification {A&E specifications} cad {CAD/BIM drawings} certificate {certificates} declaration {declarations of conformity} sbom {SBOMs} software {software downloads} others {other documents} other {downloads}}.}}}}",
  /** How many products with downloads are in view (`count`), and what narrowed them (the same values). */
  "support.productsInView":
    "{searched, select, yes {{count, plural, one {# product} other {# products}}{kind, select, all {} other { with {kind, select, datasheet {datasheets} manual {manuals or guides} aeSpecification {A&E specifications} cad {CAD/BIM drawings} certificate {certificates} declaration {declarations of conformity} sbom {SBOMs} software {software downloads} others {other documents} other {downloads}}}}{inCategory, select, yes { in {category}} other {}} {count, plural, one {matches} other {match}} “{query}”.} other {{count, plural, one {# product} other {# products}} with {kind, select, datasheet {datasheets} manual {manuals or guides} aeSpecification {A&E specifications} cad {CAD/BIM drawings} certificate {certificates} declaration {declarations of conformity} sbom {SBOMs} software {software downloads} others {other documents} other {downloads}}{inCategory, select, yes { in {category}} other {}}.}}",

  // The support page's search form.
  /** The form, for screen readers. */
  "supportSearch.region": "Downloads",
  "supportSearch.label": "Search downloads",
  "supportSearch.placeholder": "Model, product type or file (e.g. thermal datasheet)",
  "supportSearch.category": "Category",
  "supportSearch.allCategories": "All categories",
  "supportSearch.type": "Type",
  "supportSearch.allTypes": "All types",
  "supportSearch.submit": "Search",

  // The types of download, as headings of their groups and choices of the support page's search.
  "downloadKinds.datasheet": "Datasheets",
  "downloadKinds.manual": "Manuals and guides",
  "downloadKinds.aeSpecification": "A&E specifications",
  "downloadKinds.cad": "CAD/BIM drawings",
  "downloadKinds.certificate": "Certificates",
  "downloadKinds.declaration": "Declarations of conformity",
  "downloadKinds.sbom": "Software bills of materials (SBOM)",
  "downloadKinds.software": "Software",
  "downloadKinds.other": "Other documents",

  // A list of downloads (the support page, a product's page): each file's size, and that it opens apart.
  /** For screen readers, after each file. */
  "downloadList.opensInNewTab": "(opens in a new tab)",
  /** A file's size: `size` is a whole number. */
  "downloadList.bytes": "{size} bytes",
  "downloadList.kilobytes": "{size} KB",
  "downloadList.megabytes": "{size} MB",
  /** A file of a gigabyte or more. */
  "downloadList.tooBig": "WAY TOO BIG!",

  // The product lifecycle page (/support/lifecycle): products no longer sold as usual.
  "lifecyclePage.title": "Product lifecycle",
  /** What search engines and shared links show of it. */
  "lifecyclePage.description":
    "Products whose end of sale is announced or that are discontinued, with their replacements and how long firmware updates and repairs continue.",
  "lifecyclePage.intro":
    "Products whose end of sale is announced or that are discontinued: what replaces each, and how long its firmware is updated and it is repaired. Their pages, downloads and firmware stay available.",
  /** The form of its filters and order, for screen readers. */
  "lifecyclePage.filters": "Filter and sort",
  /** Without scripts, the button that applies the filters. */
  "lifecyclePage.apply": "Apply",
  "lifecyclePage.stage": "Stage",
  "lifecyclePage.everyStage": "Every stage",
  "lifecyclePage.category": "Category",
  "lifecyclePage.everyCategory": "Every category",
  "lifecyclePage.sortBy": "Sort by",
  /** The orders it can be sorted in. */
  "lifecyclePage.sortModel": "Model (A–Z)",
  "lifecyclePage.sortEndOfSale": "End of sale, latest first",
  "lifecyclePage.sortDiscontinued": "Discontinued, latest first",
  "lifecyclePage.sortFirmware": "Firmware updates, longest first",
  "lifecyclePage.sortRepairs": "Repairs, longest first",
  "lifecyclePage.count": "{total, plural, one {# product} other {# products}}",
  "lifecyclePage.showAll": "Show every stage and category",
  "lifecyclePage.noMatches": "No product matches these filters.",
  "lifecyclePage.none": "Every product is sold as usual.",
  /** The table's caption, for screen readers: `sort` is the order's name (one of the `sort…` above). */
  "lifecyclePage.caption": "Products no longer sold as usual, sorted by {sort}",
  /** The table's columns. */
  "lifecyclePage.product": "Product",
  "lifecyclePage.stageColumn": "Stage",
  "lifecyclePage.endOfSaleColumn": "End of sale",
  "lifecyclePage.discontinuedColumn": "Discontinued",
  "lifecyclePage.firmwareColumn": "Firmware updates until",
  "lifecyclePage.repairsColumn": "Repairs until",
  "lifecyclePage.replacedBy": "Replaced by",
  /** A product's stage. */
  "lifecyclePage.endOfSale": "End of sale announced",
  "lifecyclePage.discontinued": "Discontinued",
  /** For screen readers, where a cell shows a dash. */
  "lifecyclePage.noneStated": "None stated",

  // What a product's page states of it, worded on the server: its NDAA status and, once it is no
  // longer sold as usual, its lifecycle.
  "productStatus.ndaaYes":
    "NDAA compliant: this product complies with Section 889 of the U.S. National Defense Authorization Act for Fiscal Year 2019. It contains no video surveillance or telecommunications equipment or components made by Huawei, ZTE, Hytera, Hikvision or Dahua, or their subsidiaries and affiliates.",
  "productStatus.ndaaNo":
    "Not NDAA compliant: this product is not offered as compliant with Section 889 of the U.S. National Defense Authorization Act for Fiscal Year 2019; a U.S. federal agency or contractor should choose a model marked NDAA compliant.",
  /**
   * The notice of a product no longer sold as usual. `stage`: discontinued (on `day`), ended (its sale
   * ended on `day`) or any other (its end of sale is announced for `day`); `replaced`: yes when other
   * products replace it, `replacements` their models (links); `support`: firmware, repairs, both or
   * none, with the last days of firmware updates (`firmware`) and repairs (`repairs`).
   */
  "productStatus.notice":
    "{stage, select, discontinued {Discontinued on {day}} ended {Sale ended on {day}} other {End of sale on {day}}}{replaced, select, yes { — replaced by {replacements}} other {}}{support, select, firmware {; firmware updates until {firmware}} repairs {; repairs until {repairs}} both {; firmware updates until {firmware}, repairs until {repairs}} other {}}.",
  /** Between the models of the products that replace it. */
  "productStatus.separator": ", ",
  /**
   * A lifecycle in one line, as the comparison shows it. `stage`: discontinued (on `day`), ended (its
   * sale ended on `day`), announced (its end of sale is announced for `day`), or, with no day said,
   * discontinuedUndated, endOfSaleUndated or active; `ended`: yes when a discontinued product's end of
   * sale (`endOfSale`) is said too; `replaced`: yes when other products replace it (`replacements`,
   * their models); `support`: firmware, repairs, both or none, with their last days.
   */
  "productStatus.line":
    "{stage, select, discontinued {Discontinued on {day}} ended {Sale ended on {day}} announced {End of sale on {day}} discontinuedUndated {Discontinued} endOfSaleUndated {End of sale announced} other {Active}}{ended, select, yes {; end of sale {endOfSale}} other {}}{replaced, select, yes {; replaced by {replacements}} other {}}{support, select, firmware {; firmware updates until {firmware}} repairs {; repairs until {repairs}} both {; firmware updates until {firmware}; repairs until {repairs}} other {}}",

  // How a product's typed value is written (decision 070): its numbers in the page's language, a
  // yes/no's answer, and a range whose end is negative, in words ("−40 to 60 °C"). `from` and `to`
  // are its two ends, formatted.
  "specValue.yes": "Yes",
  "specValue.no": "No",
  "specValue.range": "{from} to {to}",

  // The security advisories page (/support/security).
  "securityPage.title": "Security advisories",
  /** What search engines and shared links show of it. */
  "securityPage.description":
    "Vulnerabilities in our cameras and recorders: what each affects, how severe it is, and the firmware that fixes it.",
  "securityPage.intro":
    "Vulnerabilities in our products: what each affects, how severe it is, and the firmware that fixes it.",
  "securityPage.report": "Report a vulnerability",
  "securityPage.feed": "Atom feed",
  "securityPage.csaf": "CSAF 2.0 provider metadata",
  /** The form of its filters, for screen readers. */
  "securityPage.filters": "Filter advisories",
  /** Without scripts, the button that applies the filters. */
  "securityPage.apply": "Apply",
  "securityPage.product": "Product",
  "securityPage.everyProduct": "Every product",
  "securityPage.severity": "Severity",
  "securityPage.everySeverity": "Every severity",
  "securityPage.year": "Year",
  "securityPage.everyYear": "Every year",
  "securityPage.count": "{total, plural, one {# advisory} other {# advisories}}",
  "securityPage.showAll": "Show every advisory",
  "securityPage.noMatches": "No advisory matches these filters.",
  "securityPage.none": "No security advisory has been published.",
  /** `day` is the day an advisory was first published (a date). */
  "securityPage.published": "Published {day}",
  /** After it, when the advisory was revised: `day` is the day of its latest revision. */
  "securityPage.updated": ", updated {day}",
  /** `products` are the models of the products it affects, links. */
  "securityPage.affects": "Affects {products}",
  /** Between those models. */
  "securityPage.separator": ", ",

  // The firmware page (/support/firmware): every release, or one product's.
  "firmwarePage.title": "Firmware",
  /** Its title when it lists one product's releases: `model` is the product's model. */
  "firmwarePage.titleFor": "Firmware for {model}",
  /** What search engines and shared links show of it. */
  "firmwarePage.description":
    "Firmware releases for our cameras and recorders, with release notes and SHA-256 checksums.",
  "firmwarePage.intro": "Every release with its notes and the SHA-256 of its file, newest first.",
  /** A link to the support page. */
  "firmwarePage.otherDownloads": "Manuals and other downloads",
  "firmwarePage.feed": "Atom feed",
  /** The feed of one product's releases: `model` is its model. */
  "firmwarePage.feedFor": "Atom feed for {model}",
  /** The form's field where a visitor types a product's model, or a piece of it. */
  "firmwarePage.model": "Product model",
  "firmwarePage.channel": "Channel",
  "firmwarePage.everyChannel": "All channels",
  "firmwarePage.show": "Show releases",
  /** `typed` is what the visitor typed as a model. */
  "firmwarePage.unknownModel": "No product has the model “{typed}”.",
  /** What the visitor typed is a piece of several models: `total` is how many, `typed` what was typed. */
  "firmwarePage.matches": "{total, plural, one {# product matches} other {# products match}} “{typed}”: choose one",
  /** Under the first `shown` of those models. */
  "firmwarePage.firstShown": "The first {shown, number} are shown: type more of the model to narrow them.",
  /** The address named a product the catalog does not have. */
  "firmwarePage.unknownProduct": "That product is not in the catalog: every release is shown.",
  "firmwarePage.none": "No firmware releases found.",
  /** The list of releases, for screen readers. */
  "firmwarePage.list": "Firmware releases, newest first",

  // One firmware release, on the firmware page and on its products' pages.
  /** Its heading: `version` is its version number ("2.4.1"). */
  "firmwareRelease.heading": "Firmware {version}",
  /** Its channels. */
  "firmwareRelease.stable": "Stable",
  "firmwareRelease.beta": "Beta",
  /** `day` is the day it was released (a date). */
  "firmwareRelease.released": "Released {day}",
  /** After it: `products` are the models of the products it is for, links. */
  "firmwareRelease.forProducts": " for {products}",
  /** `advisories` are the ids of the security advisories it fixes, links. */
  "firmwareRelease.fixes": "Fixes {advisories}",
  /** Between those models or ids. */
  "firmwareRelease.separator": ", ",
  /** The link to its file: `file` is the file's name. */
  "firmwareRelease.download": "Download {file}",
  /** `checksum` is the SHA-256 checksum of its file, in hexadecimal. */
  "firmwareRelease.checksum": "SHA-256: {checksum}",
  /** A link to the list of the software components it holds (an SBOM). */
  "firmwareRelease.sbom": "Software bill of materials",
  /** After that link's words, for screen readers: `file` is the release's file name. */
  "firmwareRelease.sbomOf": " of {file}",
  /** The format of that list: `format` is its name and version ("CycloneDX 1.6"). */
  "firmwareRelease.sbomFormat": "({format}, JSON)",

  // A security advisory as the pages that name one say it: its page, a product's page, search.
  /** `severity` is one of the Common Vulnerability Scoring System's severities, as the scores name them. */
  "advisory.severity": "{severity, select, Critical {Critical} High {High} Medium {Medium} Low {Low} other {None}}",
  /** A severity with the score it comes from: `severity` is the severity's name, `version` the scoring system's version ("4.0"), `score` a number from 0 to 10. */
  "advisory.scored": "{severity} (CVSS {version}: {score, number, ::.0})",
  /**
   * Whether a product's firmware fixes it: `fixed` is the version of the release that fixes it,
   * `latest` the version of the product's latest stable release.
   */
  "advisory.fix":
    "{case, select, latest {Fixed in firmware {fixed}, the latest firmware.} includes {Fixed in firmware {fixed}; the latest firmware, {latest}, includes the fix.} notYet {Fixed in firmware {fixed}; the latest stable firmware, {latest}, does not include it yet.} fixed {Fixed in firmware {fixed}.} notAffected {The latest firmware, {latest}, is not affected.} workaround {No fixed firmware yet: apply the workaround.} other {No fixed firmware yet.}}",
  /** A score, then its severity: `score` is a number from 0 to 10, `severity` the severity's name. */
  "advisory.scoreThenSeverity": "{score, number, ::.0} ({severity})",
  /** A score alone, beside its severity's name: a number from 0 to 10. */
  "advisory.score": "{score, number, ::.0}",
  /** On a product's page, under an advisory's title: `severity` and `fix` are the two sentences above. */
  "advisory.status": "{severity}. {fix}",
  /** One bound of the firmware versions it affects: `version` is a version number ("2.4.3"). */
  "advisory.versions":
    "{bound, select, atLeast {{version} and later} after {after {version}} upTo {up to {version}} before {before {version}} except {except {version}} other {{version}}}",
  /** Between those bounds ("2.0.0 and later, before 2.4.3"). */
  "advisory.versionSeparator": ", ",
  /**
   * A product it affects, in a line of its feed: `model` is the product's model, `versions` the
   * versions it affects in words, `fixed` the version that fixes it (`hasFix` yes) or none.
   */
  "advisory.affectedProduct":
    "{model}: {versions}; {hasFix, select, yes {fixed in firmware {fixed}} other {no fixed firmware yet}}",

  // A security advisory's page (/support/security/vsa-…).
  /** Its links to the pages above it, for screen readers. */
  "advisoryPage.breadcrumb": "Breadcrumb",
  "advisoryPage.support": "Support",
  "advisoryPage.advisories": "Security advisories",
  /** `status` is final (no change is expected) or interim (it may still change). */
  "advisoryPage.status": "Status: {status, select, final {Final} other {Interim}}",
  /** `day` is the day it was first published (a date). */
  "advisoryPage.published": "Published {day}",
  /** `day` is the day of its latest revision. */
  "advisoryPage.updated": "Updated {day}",
  /** The name of its CVE identifiers' row. */
  "advisoryPage.cve": "CVE",
  /** A score's row: `version` is the scoring system's version ("4.0"). */
  "advisoryPage.cvss": "CVSS {version}",
  "advisoryPage.machineReadable": "Machine-readable",
  "advisoryPage.csaf": "CSAF 2.0 document (JSON)",
  "advisoryPage.affected": "Affected products",
  /** The columns of the table of the products it affects. */
  "advisoryPage.product": "Product",
  "advisoryPage.affectedFirmware": "Affected firmware",
  "advisoryPage.fixedIn": "Fixed in",
  /** A link to the release that fixes it: `version` is its version number. */
  "advisoryPage.fixedFirmware": "Firmware {version}",
  "advisoryPage.noFix": "No fixed firmware yet",
  "advisoryPage.noneOnSale": "No product on sale is named.",
  "advisoryPage.workaround": "Workaround",
  "advisoryPage.details": "Details",
  "advisoryPage.acknowledgments": "Acknowledgments",
  "advisoryPage.revisions": "Revision history",
  /** `number` is a revision's number, from 1. */
  "advisoryPage.revision": "Revision {number}",
  /** After it: `day` is the revision's day; its note follows. */
  "advisoryPage.revisionDay": ", {day}: ",
  /** Between CVE identifiers. */
  "advisoryPage.separator": ", ",

  // A list's links to its pages before and after, and where the reader is.
  /** The links' navigation, for screen readers. */
  "pagination.label": "Pages",
  "pagination.previous": "Previous",
  "pagination.next": "Next",
  "pagination.current": "Page {page, number} of {pageCount, number}",

  // The search page (/search).
  "search.title": "Search",
  /** Its title once something is searched for. */
  "search.titleFor": "Search: {q}",
  /** Its search form, for screen readers. */
  "search.region": "Catalog",
  "search.label": "Search products and categories",
  "search.placeholder": "Model, feature or keyword",
  "search.submit": "Search",
  /** What it says before anything is searched for. */
  "search.hint": "Type a model number, a feature or any word from a description to search the catalog.",
  "search.categories": "Categories",
  "search.products": "Products",
  "search.advisories": "Security advisories",
  "search.news": "News",
  /** Under results cut short: how many products it shows. */
  "search.showingFirst": "Showing the first {shown, number} products. Add a word or two to narrow the search.",
  /** What a search found, counted: its results, security advisories and news together. */
  "search.summary": "{total, plural, =0 {Search returned 0 results.} other {Search returned # result(s)}}",
} as const;

export type MessageKey = keyof typeof en;
export type Messages = Partial<Record<MessageKey, string>>;

/**
 * The messages of one part of the pages (`shell`, `search`), by their names within it: what a page's
 * data carries, the part's name left out (each name costs the page's script its length).
 */
export type PartMessages<Part extends string> = {
  [Key in MessageKey as Key extends `${Part}.${infer Name}` ? Name : never]: string;
};

/** The shell's messages: every page carries them, in its language, with the root's data. */
export type ShellMessages = PartMessages<"shell">;

/** English's messages of `part`, by their names within it: what a page shows when it has no data to carry others. */
export function englishPart<Part extends string>(part: Part): PartMessages<Part> {
  const named: Record<string, string> = {};
  for (const [key, text] of Object.entries(en))
    if (key.startsWith(`${part}.`)) named[key.slice(part.length + 1)] = text;
  return named as PartMessages<Part>;
}
