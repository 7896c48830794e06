import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_KINDS, testDatabaseConfig } from "#tests/support/database";
import { adminEnv, signIn } from "#tests/support/http";
import { startServer, type RunningServer } from "#tests/support/server";
import { saveSiteLanguages } from "#tests/support/site-languages";

/** Every address a page links to or sends a form to on this site, as written. */
function ownAddresses(html: string): string[] {
  return [...html.matchAll(/\s(?:href|action)="(\/[^"/][^"]*|\/)"/g)].map((match) => match[1] ?? "");
}

describe.each(DATABASE_KINDS)("the site in the owner's languages on %s", (kind) => {
  let server: RunningServer;
  let cleanup = () => {};
  let cookie = "";
  const get = async (path: string) => {
    const response = await fetch(`${server.url}${path}`);
    return { status: response.status, html: await response.text(), cache: response.headers.get("x-cache") };
  };
  const saveLanguages = (languages: string) => saveSiteLanguages(server.url, cookie, languages);

  beforeAll(async () => {
    const config = await testDatabaseConfig(kind);
    cleanup = config.cleanup;
    server = await startServer({
      ...adminEnv(),
      DATA_DIR: config.dataDir,
      DEMO_DATA: "1",
      ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : {}),
    });
    ({ cookie } = await signIn(server.url));
  });
  afterAll(async () => {
    await server?.stop();
    cleanup();
  });

  it("has English alone until the owner adds languages, and refuses a list no visitor could be sent to", async () => {
    expect((await get("/de/catalog")).status).toBe(404);
    expect((await get("/catalog")).html).not.toContain('aria-label="Language"');
    const refused = await saveLanguages("de\nde-CH > it");
    expect(refused).toContain("de-CH falls back to it, which is not one of the site&#x27;s languages");
    expect(refused).not.toContain("Settings saved.");
    expect((await get("/de/catalog")).status).toBe(404);
  });

  it("publishes every public page at each language's prefix, marked, linked and kept apart", async () => {
    expect(await saveLanguages("de\nde-CH\nar")).toContain("Settings saved.");
    const settings = await (await fetch(`${server.url}/dashboard/settings`, { headers: { Cookie: cookie } })).text();
    // The chain the owner left out is shown as the site follows it.
    expect(settings).toMatch(/<textarea[^>]*name="languages"[^>]*>de\nde-CH &gt; de\nar<\/textarea>/);

    const index = (await get("/sitemap.xml")).html;
    const parts = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (match) => new URL(match[1] ?? "").pathname + new URL(match[1] ?? "").search,
    );
    expect(parts).toEqual(["/sitemap.xml?part=1"]);
    const sitemap = (await get(parts[0] ?? "")).html;
    const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? "").pathname);
    const english = pages.filter((path) => !/^\/(de|de-ch|ar)(\/|$)/.test(path));
    expect(english).toContain("/catalog");
    expect(pages).toHaveLength(english.length * 4);
    expect(sitemap).toContain(
      `<url><loc>${server.url}/de-ch/catalog</loc>` +
        `<xhtml:link rel="alternate" hreflang="en" href="${server.url}/catalog"/>` +
        `<xhtml:link rel="alternate" hreflang="de" href="${server.url}/de/catalog"/>` +
        `<xhtml:link rel="alternate" hreflang="de-CH" href="${server.url}/de-ch/catalog"/>` +
        `<xhtml:link rel="alternate" hreflang="ar" href="${server.url}/ar/catalog"/>` +
        `<xhtml:link rel="alternate" hreflang="x-default" href="${server.url}/catalog"/></url>`,
    );

    // Every page of the sitemap in German: there, its shell in German, its content marked as the English it is.
    const linked = new Set<string>();
    for (const path of english) {
      const german = `/de${path === "/" ? "/" : path}`;
      const page = await get(german);
      expect([german, page.status]).toEqual([german, 200]);
      expect(page.html, german).toContain('<html lang="de" dir="ltr">');
      expect(page.html, german).toMatch(/<main id="main" [^>]*lang="en" dir="ltr"/);
      expect(page.html, german).toMatch(/<nav aria-label="Hauptnavigation"[^>]*>.*>Produkte<\/a>/s);
      expect(page.html, german).toMatch(/<nav aria-label="Fußzeile"[^>]*>.*>Datenschutz<\/a>/s);
      expect(page.html, german).toContain(">Zum Inhalt springen</a>");
      expect(page.html, german).not.toMatch(/<(header|footer)[^>]* lang=/);
      expect(page.html, german).toContain(`<link rel="canonical" href="${server.url}${german}"/>`);
      expect(page.html, german).toContain(`<link rel="alternate" hreflang="ar" href="${server.url}/ar${path}"/>`);
      expect(page.html, german).toContain(`<link rel="alternate" hreflang="x-default" href="${server.url}${path}"/>`);
      // Its links stay in German, but those to the same page in the other languages, to files and feeds.
      const leaving = ownAddresses(page.html).filter(
        (address) =>
          !address.startsWith("/de/") &&
          address !== "/de" &&
          !/^\/(files|images|hero|assets)\//.test(address) &&
          !/\.(atom|pdf|json|svg|html)(\?|$)/.test(address) &&
          !address.startsWith("/.well-known/"),
      );
      const languageLinks = [path, `/de-ch${path}`, `/ar${path}`];
      expect(
        leaving.filter((address) => !languageLinks.includes(address.split("?")[0] ?? "")),
        german,
      ).toEqual([]);
      for (const address of ownAddresses(page.html)) linked.add(address.replaceAll("&amp;", "&"));
    }
    // And every one of those links leads somewhere.
    const broken: string[] = [];
    for (const address of linked) {
      const response = await fetch(`${server.url}${address}`, { redirect: "manual" });
      await response.arrayBuffer();
      if (response.status >= 400) broken.push(`${response.status} ${address}`);
    }
    expect(broken).toEqual([]);
    expect(linked.size).toBeGreaterThan(50);

    // A product's structured data names the page in its language; its pictures have one address.
    const product = english.find((path) => path.startsWith("/catalog/products/")) ?? "";
    const germanProduct = (await get(`/de${product}`)).html;
    const json = /<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s.exec(germanProduct)?.[1];
    const [item, trail] = JSON.parse(json ?? "[]") as [
      { url: string; image: (string | { url: string })[] },
      { itemListElement: { item: string; name: string }[] },
    ];
    // Its own words are German, what its record says is English and marked so.
    expect(germanProduct).toMatch(/<article [^>]*lang="de" dir="ltr">/);
    expect(germanProduct).toMatch(/<nav aria-label="Brotkrümelnavigation"[^>]*>.*>Produkte<\/a>/s);
    expect(germanProduct).toMatch(/Kategorie:(<!-- -->)? <a [^>]*lang="en" dir="ltr"[^>]*>/);
    expect(germanProduct).toMatch(
      /<h2 [^>]*>Technische Daten<\/h2><div class="overflow-x-auto"><table [^>]*><caption class="sr-only">Technische Daten von [^<]+<\/caption><tbody [^>]*><tr><th scope="rowgroup" [^>]*lang="en" dir="ltr">/,
    );
    expect(germanProduct).toMatch(/<p class="whitespace-pre-line text-slate-800" lang="en" dir="ltr">/);
    expect(germanProduct).toMatch(
      /aria-label="Datenblatt herunterladen: [^"]+ \(PDF\)"[^>]*>Datenblatt herunterladen<\/a>/,
    );
    expect(germanProduct).toContain(">Downloads</h2>");
    expect(trail.itemListElement.slice(0, 2).map((crumb) => crumb.name)).toEqual(["Startseite", "Produkte"]);
    expect(item.url).toBe(`${server.url}/de${product}`);
    expect(JSON.stringify(item.image)).not.toContain("/de/");
    expect(trail.itemListElement.map((crumb) => new URL(crumb.item).pathname)).toEqual([
      "/de/",
      "/de/catalog",
      expect.stringMatching(/^\/de\/catalog\/categories\//),
      `/de${product}`,
    ]);

    const arabic = await get("/ar/");
    expect(arabic.html).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.html).toMatch(/<nav aria-label="اللغة">.*hrefLang="de-CH" lang="de-CH"[^>]*>Schweizer Hochdeutsch</s);
    // Swiss German's shell is German's: its own catalog has none of the shell's messages.
    expect((await get("/de-ch/")).html).toContain('<nav aria-label="Hauptnavigation"');
    // A prefix of no language of the site is no address; under a language's, every address answers,
    // so that every link of its pages leads somewhere (sign-in and the dashboard as they are).
    for (const path of ["/xx/catalog", "/fr/catalog", "/de-at/"]) {
      expect([path, (await get(path)).status]).toEqual([path, 404]);
    }
    // A list's pages are named in the page's language, marked with it inside the English content.
    const secondPage = await get("/de/catalog?page=2");
    expect(secondPage.html).toMatch(/<nav aria-label="Seiten" lang="de" dir="ltr"[^>]*>.*>Zurück<\/a>/s);
    expect(secondPage.html).toContain('aria-current="page">Seite 2 von 2</p>');
    expect((await get("/ar/news")).html).toMatch(
      /<nav aria-label="الصفحات" lang="ar" dir="rtl"[^>]*>.*>الصفحة 1 من 2</s,
    );
    // News is dated as the page's language writes a day, marked with it inside the English content.
    const germanNews = await get("/de/news");
    expect(germanNews.html).toMatch(
      /<time dateTime="\d{4}-\d{2}-\d{2}" lang="de"[^>]*>\d{1,2}\. [A-ZÄÖÜ][a-zä]+\.? \d{4}<\/time>/,
    );
    expect((await get("/ar/")).html).toMatch(/<time dateTime="\d{4}-\d{2}-\d{2}" lang="ar"/);
    // News speaks German; its items, not translated yet, are marked English.
    expect(germanNews.html).toContain("<title>Neuigkeiten | ");
    expect(germanNews.html).toMatch(/<div [^>]*lang="de" dir="ltr"><header><h1[^>]*>Neuigkeiten<\/h1>/);
    expect(germanNews.html).toContain(">Atom-Feed</a>");
    expect(germanNews.html).toMatch(/<article id="news-[^"]+" [^>]*lang="en" dir="ltr"/);
    expect((await get("/de/news?page=2")).html).toContain("<title>Neuigkeiten, Seite 2 | ");
    expect((await get("/news")).html).toMatch(
      /<time dateTime="\d{4}-\d{2}-\d{2}" lang="en"[^>]*>\d{1,2} [A-Z][a-z]{2,3} \d{4}<\/time>/,
    );
    // Search speaks German; what it finds, not translated yet, is marked English.
    const germanSearch = await get("/de/search?q=camera");
    expect(germanSearch.html).toContain("<title>Suche: camera | ");
    expect(germanSearch.html).toMatch(/<div [^>]*lang="de" dir="ltr"><h1[^>]*>Suche<\/h1>/);
    expect(germanSearch.html).toMatch(/<p role="status"[^>]*>Die Suche ergab \d+ Treffer<\/p>/);
    // What the products' records say is marked English; the list's own words (its order, NDAA) are German.
    expect(germanSearch.html).toMatch(
      /<h2 id="search-products"[^>]*>Produkte<\/h2><ul[^>]*><li [^>]*><img [^>]*lang="en"/,
    );
    expect(germanSearch.html).toMatch(/<label for="listing-sort"[^>]*>Sortieren nach<\/label>/);
    expect(germanSearch.html).toContain('<span class="sr-only">NDAA-konform</span>');
    // About and Privacy speak German around the owner's texts, which are marked English; the picture's
    // description and the sentence around the contact address too.
    const germanAbout = await get("/de/about");
    expect(germanAbout.html).toContain("<title>Über uns | ");
    expect(germanAbout.html).toContain('alt="Dome- und Bullet-Sicherheitskameras vor einem Leiterplattenmuster"');
    expect(germanAbout.html).toMatch(/<h1[^>]*>Über uns<\/h1><div lang="en" dir="ltr">/);
    expect(germanAbout.html).toContain(">Unsere Produkte ansehen</a>");
    const germanPrivacy = await get("/de/privacy");
    expect(germanPrivacy.html).toContain("<title>Datenschutzerklärung | ");
    expect(germanPrivacy.html).toMatch(/<div class="mt-8 space-y-10" lang="en" dir="ltr">/);
    expect(germanPrivacy.html).toMatch(/schreiben Sie uns bitte an <a href="mailto:[^"]+"[^>]*>[^<]+<\/a>\.<\/p>/);
    const arabicPrivacy = await get("/ar/privacy");
    expect(arabicPrivacy.html).toMatch(/<article [^>]*lang="ar" dir="rtl">/);
    expect(arabicPrivacy.html).toMatch(/فراسلنا على <a href="mailto:[^"]+"[^>]*>[^<]+<\/a>\.<\/p>/);
    // Contact speaks German: its form's labels, the sentences around its links, and what the server says
    // of a refused field, in the same language.
    const germanContact = await get("/de/contact");
    expect(germanContact.html).toContain("<title>Kontakt | ");
    expect(germanContact.html).toContain('alt="Ein Globus mit verbundenen Punkten');
    expect(germanContact.html).toMatch(/<div lang="de" dir="ltr">/);
    expect(germanContact.html).toMatch(/schreiben Sie uns bitte an <a href="mailto:[^"]+"[^>]*>[^<]+<\/a>\.<\/p>/);
    expect(germanContact.html).toMatch(/<label [^>]*for="contact-email"[^>]*>E-Mail/);
    expect(germanContact.html).toMatch(/<label [^>]*for="contact-company"[^>]*>Firma \(optional\)/);
    expect(germanContact.html).toContain(">Nachricht senden</button>");
    expect(germanContact.html).toMatch(/auf unserer <a [^>]*href="\/de\/support"[^>]*>Support-Seite<\/a>\.<\/p>/);
    const post = (path: string, form: Record<string, string>) =>
      fetch(`${server.url}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(form),
      });
    const refused = await post("/de/contact", { name: "", email: "nobody", message: "x".repeat(5001) });
    expect(refused.status).toBe(400);
    const refusedHtml = await refused.text();
    expect(refusedHtml).toContain(">Bitte prüfen Sie Ihre Eingaben<");
    expect(refusedHtml).toContain(">Geben Sie Ihren Namen ein<");
    expect(refusedHtml).toContain(">Höchstens 5.000 Zeichen<");
    const sent = await post("/de/contact", { name: "Dana", email: "dana@example.com", message: "Ein Angebot, bitte." });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe("/de/contact?sent=1");
    expect((await get("/de/contact?sent=1")).html).toContain(
      "Vielen Dank: Ihre Nachricht wurde gesendet. Wir antworten innerhalb eines Werktags.",
    );
    // In English the same form says it in English, and the server too.
    const englishRefused = await (await post("/contact", { name: "", email: "dana@example.com", message: "" })).text();
    expect(englishRefused).toContain(">Enter your name<");
    expect(englishRefused).toContain(">Please check each input<");
    // The comparison speaks German: its own rows named in German, NDAA's values too; the specifications
    // as written, marked English; a model that is not there said so in German.
    const added = await fetch(`${server.url}/de/compare?add=VNT-D4M-AI28`, { redirect: "manual" });
    expect(added.status).toBe(302);
    const comparePath = added.headers.get("location") ?? "";
    expect(comparePath).toMatch(/^\/de\/compare\?p=/);
    const germanCompare = await get(comparePath);
    expect(germanCompare.html).toContain("<title>VNT-D4M-AI28 vergleichen | ");
    expect(germanCompare.html).toMatch(/<div [^>]*lang="de" dir="ltr"><h1[^>]*>Produkte vergleichen<\/h1>/);
    expect(germanCompare.html).toMatch(/<th scope="row"[^>]*><span>Kategorie<\/span><\/th><td [^>]*lang="en"/);
    expect(germanCompare.html).toMatch(
      /<th scope="row"[^>]*><span>NDAA-konform<\/span><\/th><td class="[^"]*">Ja<\/td>/,
    );
    expect(germanCompare.html).toMatch(/<th scope="row"[^>]*><span lang="en" dir="ltr">Image Sensor<\/span>/);
    // Its lifecycle, and the typed values' numbers, Yes and No, are written in German; the attributes'
    // names and their choices are the catalog's.
    expect(germanCompare.html).toMatch(
      /<th scope="row"[^>]*><span>Lebenszyklus<\/span><\/th><td class="[^"]*">Aktiv<\/td>/,
    );
    expect(germanCompare.html).toMatch(
      /<span lang="en" dir="ltr">Operating temperature<\/span><\/th><td class="[^"]*">\u221230 bis 60 °C \(\u221222 bis 140 °F\)<\/td>/,
    );
    expect(germanCompare.html).toMatch(
      /<span lang="en" dir="ltr">Power draw<\/span><\/th><td class="[^"]*">6,5 W<\/td>/,
    );
    expect(germanCompare.html).toMatch(
      /<span lang="en" dir="ltr">IP rating<\/span><\/th><td [^>]*lang="en" dir="ltr">IP67<\/td>/,
    );
    // The product's page writes them the same.
    const typedValues = (await get("/de/catalog/products/vnt-d4m-ai28")).html;
    expect(typedValues).toMatch(
      /<th scope="row" [^>]*lang="en" dir="ltr">Operating temperature<\/th><td class="[^"]*">\u221230 bis 60 °C \(\u221222 bis 140 °F\)<\/td>/,
    );
    expect(typedValues).toMatch(
      /<th scope="row" [^>]*lang="en" dir="ltr">Horizontal resolution<\/th><td class="[^"]*">2\.560 px<\/td>/,
    );
    expect(typedValues).toMatch(
      /<th scope="row" [^>]*lang="en" dir="ltr">IP rating<\/th><td [^>]*lang="en" dir="ltr">IP67<\/td>/,
    );
    // The coverage calculator speaks English still, marked so.
    expect(typedValues).toMatch(/id="coverage"[^>]*>(<[^>]+>)*[^<]*<\/h2><div lang="en" dir="ltr">/);
    // Right to left, a number with its unit is one left-to-right run: "4 MP" does not read "MP 4".
    const arabicValues = (await get("/ar/catalog/products/vnt-d4m-ai28")).html;
    expect(arabicValues).toMatch(/lang="en" dir="ltr">Resolution<\/th><td class="[^"]*">\u20664 MP\u2069<\/td>/);
    expect(arabicValues).toMatch(
      /lang="en" dir="ltr">IR range<\/th><td class="[^"]*">\u206630 m\u2069 \(\u206698 ft\u2069\)<\/td>/,
    );
    expect(germanCompare.html).toContain('aria-label="VNT-D4M-AI28 aus dem Vergleich entfernen"');
    // The specifications as written have their heading, in German, after the typed values' groups (English).
    expect(germanCompare.html).toMatch(
      /<th scope="rowgroup" colSpan="2" class="[^"]*" lang="en" dir="ltr">Image<\/th>/,
    );
    expect(germanCompare.html).toMatch(/<th scope="rowgroup" colSpan="2" class="[^"]*">Weitere technische Daten<\/th>/);
    expect(germanCompare.html).toContain('<caption class="sr-only">Vergleich von VNT-D4M-AI28</caption>');
    const notFound = await get(`${comparePath}&add=NO-SUCH-MODEL`);
    expect(notFound.html).toContain("Kein Produkt hat das Modell „NO-SUCH-MODEL“.");
    // In English nothing is marked: the page and its content are in one language.
    const englishAbout = await get("/about");
    expect(englishAbout.html).toContain("<title>About Us | ");
    expect(englishAbout.html).toMatch(/<h1[^>]*>About Us<\/h1><div>/);
    // A page that is not there says so in the page's language, marked with it inside the English content.
    const missing = await get("/de/catalog/products/no-such-product");
    expect(missing.status).toBe(404);
    expect(missing.html).toContain("<title>Nicht gefunden | ");
    expect(missing.html).toMatch(/<section [^>]*lang="de" dir="ltr">(<title>[^<]*<\/title>)?<h1[^>]*>Hoppla<\/h1>/);
    expect(missing.html).toContain("<i>Nicht gefunden</i>");
    expect(missing.html).toMatch(/<nav aria-label="Wie es weitergeht"[^>]*>.*>Zur Startseite<\/a>/s);
    const arabicMissing = await get("/ar/no-such-page");
    expect(arabicMissing.status).toBe(404);
    expect(arabicMissing.html).toMatch(/<section [^>]*lang="ar" dir="rtl">.*>عذرًا<\/h1>/s);
    expect((await get("/de/login")).status).toBe(200);
    expect((await fetch(`${server.url}/de/dashboard`, { headers: { Cookie: cookie } })).status).toBe(200);
    expect((await get("/robots.txt")).html).toContain("Disallow: /de-ch/dashboard");
  });

  it("shows the catalog's lists in the page's language, what the records say marked English", async () => {
    const catalog = (await get("/de/catalog")).html;
    expect(catalog).toContain("<title>Alle Produkte | ");
    expect(catalog).toMatch(/<summary[^>]*>Kategorien<\/summary><nav aria-label="Kategorien"/);
    expect(catalog).toMatch(
      /<li lang="en" dir="ltr"><a [^>]*href="\/de\/catalog\/categories\/dome-cameras"[^>]*>Dome Cameras<\/a>/,
    );
    expect(catalog).toMatch(/<section [^>]*lang="de" dir="ltr">.*<h1[^>]*>Alle Produkte<\/h1>/s);
    expect(catalog).toMatch(/<p [^>]*role="status"[^>]*>\d+ Produkte<\/p>/);
    expect(catalog).toMatch(
      /<label [^>]*for="include-discontinued"[^>]*>Eingestellte Produkte einbeziehen \(\d+\)<\/label>/,
    );
    expect(catalog).toMatch(/<option value="newest">Neueste zuerst<\/option>/);
    expect(catalog).toMatch(/aria-label="Details ansehen: VNT-[^"]+"[^>]*>Details ansehen<\/a>/);
    expect(catalog).toMatch(/<h2 [^>]*><span lang="en" dir="ltr">VNT-[^<]+<\/span><span title="NDAA-konform"/);
    // A card's key values are written as German writes numbers, in the page's language.
    expect(catalog).toMatch(
      /<ul class="[^"]*" aria-label="Wichtige technische Daten von VNT-D4M-AIZ"><li class="[^"]*">4 MP<\/li><li class="[^"]*">2,8\u201312 mm<\/li>/,
    );
    expect((await get("/catalog")).html).toMatch(
      /<ul class="[^"]*" aria-label="Key specifications of VNT-D4M-AIZ"><li class="[^"]*">4 MP<\/li><li class="[^"]*">2.8\u201312 mm<\/li>/,
    );
    // The comparison's bar: its words for every count the visitor can tick, in German, ready in the data.
    expect(catalog).toContain(">Auswahl vergleichen</button>");
    expect(catalog).toContain("Kreuzen Sie bei bis zu 4 Produkten „Vergleichen“ an.");
    expect(catalog).toContain("3 von 4 ausgewählt.");
    expect((await get("/de/catalog?page=2")).html).toContain("<title>Alle Produkte, Seite 2 | ");

    // A category filtered by a value and ordered: filters, orders and the chosen filter in German, the
    // names of features and specifications as the records say them, marked English.
    const domes = (await get("/de/catalog/categories/dome-cameras?resolution-min=4&sort=focal-length-desc")).html;
    expect(domes).toContain("<title>Dome Cameras | ");
    expect(domes).toMatch(/<div [^>]*lang="en" dir="ltr"><h1[^>]*>Dome Cameras<\/h1>/);
    expect(domes).toMatch(/<form id="category-filters" [^>]*aria-label="Filter"/);
    expect(domes).toMatch(/<legend [^>]*lang="en" dir="ltr">Night vision<\/legend>/);
    expect(domes).toMatch(/<legend class="[^"]*">Weitere Funktionen<\/legend>/);
    expect(domes).toMatch(/<legend [^>]*><span lang="en" dir="ltr">Power draw<\/span> \(W\)<\/legend>/);
    expect(domes).toMatch(/<label [^>]*>Von<span class="sr-only" lang="en" dir="ltr"> \(Power draw\)<\/span>/);
    // The spans' numbers as German writes them.
    expect(domes).toMatch(/<p [^>]*>Werte: 4,5\u201312,5 W<\/p>/);
    expect(domes).toMatch(/<p [^>]*>Bereiche innerhalb von 2,7\u201313,5 mm<\/p>/);
    expect(domes).toContain('<option value="focal-length-desc" selected="">Focal length, absteigend</option>');
    expect(domes).toMatch(/<h2 class="sr-only">Aktive Filter<\/h2>/);
    expect(domes).toMatch(
      /<span lang="en" dir="ltr">Resolution<\/span> ≥ 4 MP<span class="sr-only">, Filter entfernen<\/span>/,
    );
    expect(domes).toMatch(/>Alle zurücksetzen<\/a>/);
    const none = (await get("/de/catalog/categories/dome-cameras?resolution-min=400")).html;
    expect(none).toContain("Keine Produkte entsprechen den gewählten Filtern.");
    expect(none).toMatch(/<p [^>]*role="status"[^>]*>0 Produkte<\/p>/);

    // Arabic counts by its own plural forms, right to left.
    const arabic = (await get("/ar/catalog/categories/dome-cameras")).html;
    expect(arabic).toMatch(/<section [^>]*lang="ar" dir="rtl">/);
    expect(arabic).toMatch(/<p [^>]*role="status"[^>]*>[^<]*منتجات<\/p>/);
    // English pages say it in English, and mark nothing.
    const english = (await get("/catalog/categories/dome-cameras?resolution-min=4")).html;
    expect(english).toMatch(/<p [^>]*role="status"[^>]*>\d+ products<\/p>/);
    expect(english).toContain("<title>Dome Cameras | ");
    expect(english).not.toContain('lang="en" dir="ltr"><h1');
  });

  it("shows support and its downloads in the page's language, sentences and sizes too", async () => {
    const support = (await get("/de/support")).html;
    expect(support).toContain("<title>Support und Downloads | ");
    expect(support).toMatch(/<form [^>]*role="search" aria-label="Downloads" lang="de"/);
    expect(support).toMatch(/<label for="support-search-text"[^>]*>Downloads durchsuchen<\/label>/);
    expect(support).toMatch(/<option value="datasheet">Datenblätter<\/option>/);
    expect(support).toMatch(/<option value="[0-9a-f-]{36}" lang="en" dir="ltr">Dome Cameras<\/option>/);
    expect(support).toMatch(/<p role="status"[^>]*>\d+ Produkte mit Downloads\.<\/p>/);
    expect(support).toMatch(/<h2[^>]*>Allgemeine Downloads<\/h2>/);
    expect(support).toMatch(/<span class="[^"]*" lang="en" dir="ltr">Product Catalog 2026<\/span>/);
    expect(support).toMatch(
      /<span class="[^"]*">\d+ KB<\/span><span class="sr-only">\(öffnet sich in einem neuen Tab\)<\/span>/,
    );
    expect(support).toMatch(
      /Sie finden nicht, was Sie suchen\? <a [^>]*href="\/de\/contact"[^>]*>Kontaktieren Sie uns<\/a>/,
    );
    const domes = /<option value="([0-9a-f-]{36})"[^>]*>Dome Cameras</.exec(support)?.[1] ?? "";
    expect(domes).not.toBe("");
    // The sentences of a search name the type of file as German says it, in each case it stands in.
    const datasheets = (await get(`/de/support?category=${domes}&type=datasheet`)).html;
    expect(datasheets).toMatch(
      /<p role="status"[^>]*>\d+ Produkte mit Datenblättern in der Kategorie Dome Cameras\.<\/p>/,
    );
    expect(datasheets).toMatch(/<span>\d+ Downloads?<\/span><span class="sr-only"> <!-- -->für VNT-/);
    const nothing = (await get(`/de/support?q=xyz&category=${domes}&type=datasheet`)).html;
    expect(nothing).toContain("Für „xyz“ wurden in der Kategorie Dome Cameras keine Datenblätter gefunden.");
    expect(nothing).toMatch(
      /alle Produkte: <a [^>]*href="\/de\/support\?q=xyz&amp;type=datasheet"[^>]*>[^<]+<\/a>\.<\/p>/,
    );
    // A product's downloads: their groups' headings and sizes in German, their descriptions marked English.
    const product = (await get("/de/catalog/products/vnt-d4m-ai28")).html;
    expect(product).toMatch(/<h3 [^>]*lang="de" dir="ltr">Datenblätter<\/h3><ul [^>]*lang="de"/);
    expect(product).toMatch(/<span class="[^"]*" lang="en" dir="ltr">User Manual<\/span>/);
    // Arabic, right to left; English says it as it always did.
    const arabic = (await get("/ar/support")).html;
    expect(arabic).toMatch(/<div [^>]*lang="ar" dir="rtl"><header/);
    const english = (await get("/support?type=other")).html;
    expect(english).toMatch(/<p role="status"[^>]*>\d+ products with other documents\.<\/p>/);
    expect(english).toMatch(
      /<span class="[^"]*">600 bytes<\/span><span class="sr-only">\(opens in a new tab\)<\/span>/,
    );
  });

  it("shows the products' lifecycle in the page's language, its days as the language writes them", async () => {
    const lifecycle = (await get("/de/support/lifecycle?sort=discontinued")).html;
    expect(lifecycle).toContain("<title>Produktlebenszyklus | ");
    expect(lifecycle).toMatch(/<form [^>]*aria-label="Filtern und sortieren"/);
    expect(lifecycle).toMatch(/<option value="discontinued">Eingestellt<\/option>/);
    expect(lifecycle).toMatch(/<p role="status"[^>]*>\d+ Produkte?<\/p>/);
    expect(lifecycle).toMatch(
      /<caption class="sr-only">Nicht mehr regulär verkaufte Produkte, sortiert nach [^<]+<\/caption>/,
    );
    expect(lifecycle).toMatch(/<th scope="col"[^>]*>Ersetzt durch<\/th>/);
    expect(lifecycle).toMatch(/<th scope="row" [^>]*lang="en" dir="ltr"><a [^>]*>VNT-/);
    // A day in German ("4. Dez. 2026"), marked with its language; a dash read as what it means.
    expect(lifecycle).toMatch(/<time dateTime="\d{4}-\d{2}-\d{2}" lang="de">\d{1,2}\. [^<]+ \d{4}<\/time>/);
    expect(lifecycle).toContain('<span class="sr-only">Keine Angabe</span>');
    const english = (await get("/support/lifecycle")).html;
    expect(english).toMatch(/<time dateTime="\d{4}-\d{2}-\d{2}" lang="en">\d{1,2} [A-Z][a-z]{2,3} \d{4}<\/time>/);
    expect(english).toMatch(/<th scope="col"[^>]*>Replaced by<\/th>/);
  });

  it("states a product's lifecycle and NDAA status in the page's language, its replacements linked", async () => {
    const retired = (await get("/de/catalog/products/vnt-b2m-v36")).html;
    expect(retired).toMatch(
      /<p class="[^"]*amber[^"]*">Eingestellt am \d{1,2}\. [^<]+ \d{4}( — ersetzt durch <a [^>]*href="\/de\/catalog\/products\/[^"]+"[^>]*>VNT-[^<]+<\/a>)?[^<]*\.<\/p>/,
    );
    expect(retired).toContain("Nicht NDAA-konform");
    const english = (await get("/catalog/products/vnt-b2m-v36")).html;
    expect(english).toMatch(
      /<p class="[^"]*amber[^"]*">Discontinued on \d{1,2} [A-Z][a-z]{2,3} \d{4}[^<]*( — replaced by <a [^>]*>VNT-[^<]+<\/a>)?[^<]*\.<\/p>/,
    );
    expect(english).toContain("Not NDAA compliant: this product is not offered as compliant with Section 889");
  });

  it("lists the security advisories in the page's language, what they say marked English", async () => {
    const advisories = (await get("/de/support/security")).html;
    expect(advisories).toContain("<title>Sicherheitshinweise | ");
    expect(advisories).toMatch(/<form [^>]*aria-label="[^"]+"/);
    expect(advisories).toMatch(/<option value="Critical">Kritisch<\/option>/);
    expect(advisories).toMatch(/<p role="status"[^>]*>\d+ [^<]+<\/p>/);
    expect(advisories).toMatch(/<h2 [^>]*lang="en" dir="ltr"><a [^>]*>VSA-\d{4}-\d{3}(<!-- -->)?:/);
    expect(advisories).toMatch(/<span class="[^"]*">(Kritisch|Hoch|Mittel|Niedrig|Keine)(<!-- -->)? \d+,\d<\/span>/);
    expect(advisories).toMatch(
      /Veröffentlicht am <time dateTime="\d{4}-\d{2}-\d{2}[^"]*" lang="de">\d{1,2}\. [^<]+ \d{4}<\/time>/,
    );
    const english = (await get("/support/security")).html;
    expect(english).toMatch(
      /Published <time dateTime="\d{4}-\d{2}-\d{2}[^"]*" lang="en">\d{1,2} [A-Z][a-z]{2,3} \d{4}<\/time>/,
    );
    expect(english).toMatch(/<span class="[^"]*">(Critical|High|Medium|Low|None)(<!-- -->)? \d+\.\d<\/span>/);
    expect(english).toMatch(/Affects <span><a [^>]*>VNT-/);
  });

  it("lists firmware in the page's language, its days and sizes as the language writes them", async () => {
    const firmware = (await get("/de/support/firmware")).html;
    expect(firmware).toContain("<title>Firmware | ");
    expect(firmware).toMatch(/<label for="firmware-model"[^>]*>Produktmodell<\/label>/);
    expect(firmware).toMatch(/<option value=""[^>]*>Alle Kanäle<\/option><option value="stable">Stabil<\/option>/);
    expect(firmware).toContain('aria-label="Firmware-Versionen, die neueste zuerst"');
    // Each release in German, what its record says marked English.
    expect(firmware).toMatch(/<article id="release-[^"]+" [^>]*lang="de" dir="ltr"><h2 [^>]*>Firmware (<!-- -->)?\d/);
    expect(firmware).toMatch(
      /Veröffentlicht am (<!-- -->)?<time dateTime="\d{4}-\d{2}-\d{2}" lang="de">\d{1,2}\. [^<]+ \d{4}<\/time>(<!-- -->)? für /,
    );
    expect(firmware).toMatch(/<div lang="en" dir="ltr"><div class="[^"]*">/);
    expect(firmware).toMatch(
      /herunterladen<\/a> <span class="[^"]*">\((<!-- -->)?\d+(,\d)? [KM]B(<!-- -->)?\)<\/span>/,
    );
    const typed = (await get("/de/support/firmware?model=VNT-D")).html;
    expect(typed).toMatch(/<h2 id="firmware-models"[^>]*>\d+ Produkte passen zu „VNT-D“: [^<]+<\/h2>/);
    expect((await get("/de/support/firmware?model=ZZZ")).html).toContain("Kein Produkt hat das Modell „ZZZ“.");
    // A product's page shows its latest release in its language too.
    const product = (await get("/de/catalog/products/vnt-d4m-aiz")).html;
    expect(product).toMatch(/<h3 [^>]*>Firmware (<!-- -->)?[\d.]+(<!-- -->)?<span [^>]*>Stabil<\/span><\/h3>/);
    expect(product).toMatch(/Veröffentlicht am (<!-- -->)?<time dateTime="[^"]+" lang="de">/);
    const english = (await get("/support/firmware")).html;
    expect(english).toMatch(
      /Released (<!-- -->)?<time dateTime="\d{4}-\d{2}-\d{2}" lang="en">\d{1,2} [A-Z][a-z]{2,3} \d{4}<\/time>(<!-- -->)? for /,
    );
    expect(english).toMatch(/<option value="stable">Stable<\/option>/);
    expect(english).not.toMatch(/<article id="release-[^"]+"[^>]*lang="de"/);
  });

  it("shows a security advisory in the page's language, what it says marked English", async () => {
    const list = (await get("/de/support/security")).html;
    const path = /href="(\/de\/support\/security\/vsa-[^"]+)"/.exec(list)?.[1] ?? "";
    expect(path).not.toBe("");
    const advisory = (await get(path)).html;
    expect(advisory).toMatch(/<article [^>]*lang="de" dir="ltr"><nav aria-label="Brotkrümelnavigation"/);
    expect(advisory).toMatch(/<h1 [^>]*lang="en" dir="ltr">/);
    expect(advisory).toMatch(/<span>Status: (Endgültig|Vorläufig)<\/span>/);
    expect(advisory).toMatch(
      /Veröffentlicht am (<!-- -->)?<time dateTime="[^"]+" lang="de">\d{1,2}\. [^<]+ \d{4}<\/time>/,
    );
    // A score written the German way, its severity named in German.
    expect(advisory).toMatch(/<dd>\d{1,2},\d \((Kritisch|Hoch|Mittel|Niedrig|Keine)\)(<!-- -->)? <code/);
    expect(advisory).toMatch(/<th scope="col"[^>]*>Betroffene Firmware<\/th>/);
    expect(advisory).toMatch(/<td class="[^"]*">[^<]*\d[^<]*<\/td>/);
    expect(advisory).not.toMatch(/and later|before \d/);
    expect(advisory).toMatch(/<h2 [^>]*>Revisionsverlauf<\/h2>/);
    // Where the product's page names it: its severity and whether its firmware fixes it, in German.
    const affected = /<th scope="row"[^>]*><a [^>]*href="(\/de\/catalog\/products\/[^"]+)"/.exec(advisory)?.[1] ?? "";
    const product = (await get(affected)).html;
    expect(product).toMatch(/<a [^>]*lang="en" dir="ltr"[^>]*>VSA-\d{4}-\d{3}(<!-- -->)?: /);
    expect(product).toMatch(
      /<span class="block text-slate-700">(Kritisch|Hoch|Mittel|Niedrig|Keine) \(CVSS [34]\.[01]: \d{1,2},\d\)\. [^<]+<\/span>/,
    );
    const english = (await get(path.replace(/^\/de/, ""))).html;
    expect(english).toMatch(/<span>Status: (Final|Interim)<\/span>/);
    expect(english).toMatch(/<dd>\d{1,2}\.\d \((Critical|High|Medium|Low|None)\)(<!-- -->)? <code/);
    expect(english).toMatch(/<h2 [^>]*>Revision history<\/h2>/);
    expect(english).toMatch(/<span class="font-semibold">Revision 1<\/span>, (<!-- -->)?<time /);
  });

  it("shows the home page and the news in the page's language, their items marked English", async () => {
    const home = (await get("/de/")).html;
    expect(home).toContain("<title>KI-Sicherheitskameras | ");
    expect(home).toMatch(/<h1 class="sr-only">[^<]+: KI-Sicherheitskameras<\/h1>/);
    expect(home).toMatch(/<section aria-roledescription="carousel" aria-label="Highlights"/);
    expect(home).toMatch(/<div role="group" aria-roledescription="slide" aria-label="1 von 3"/);
    expect(home).toMatch(/<div class="max-w-xl space-y-3" lang="en" dir="ltr">/);
    // The slides' pictures are described in English too.
    expect(home).toMatch(/<img lang="en" dir="ltr" src="\/hero\/city-night-1600\.webp"/);
    // An item says what its editor wrote, in English until translated; its link and day are German.
    expect(home).toMatch(/<article id="info-[^"]+" lang="en" dir="ltr"/);
    expect(home).toMatch(
      /<p lang="de" dir="ltr"><a [^>]*>Mehr erfahren<span class="sr-only"> zu (<!-- -->)?[^<]+<\/span><\/a><\/p>/,
    );
    expect(home).toMatch(/<a [^>]*href="\/de\/news"[^>]*>Alle Neuigkeiten<\/a>/);
    const news = (await get("/de/news")).html;
    expect(news).toMatch(/<p lang="de" dir="ltr"><a [^>]*>Mehr erfahren<span class="sr-only"> zu /);
    const english = (await get("/")).html;
    expect(english).toContain("<title>AI security cameras | ");
    expect(english).toMatch(/<section aria-roledescription="carousel" aria-label="Highlights"/);
    expect(english).toMatch(/<div role="group" aria-roledescription="slide" aria-label="1 of 3"/);
    expect(english).toMatch(
      /<p lang="en" dir="ltr"><a [^>]*>Read more<span class="sr-only"> about (<!-- -->)?[^<]+<\/span><\/a><\/p>/,
    );
    expect(english).not.toMatch(/<article id="info-[^"]+" lang=/);
    expect(english).toMatch(/<img src="\/hero\/city-night-1600\.webp"/);
  });

  it("keeps each language's page apart in the page cache", async () => {
    await get("/de/about");
    await get("/about");
    const german = await get("/de/about");
    const english = await get("/about");
    expect([german.cache, english.cache]).toEqual(["hit", "hit"]);
    expect(german.html).toContain('<html lang="de"');
    expect(english.html).toContain('<html lang="en"');
  });

  it("shows the languages in the settings' History", async () => {
    const history = await (
      await fetch(`${server.url}/dashboard/history/settings/site`, { headers: { Cookie: cookie } })
    ).text();
    expect(history).toContain("Languages besides English");
  });

  it("shows a product's texts translated field by field along each language's chain, each marked with its language", async () => {
    expect(await saveLanguages("de\nde-CH\nfr")).toContain("Settings saved.");
    const dashboard = async (path: string, init: RequestInit = {}) => {
      const response = await fetch(`${server.url}${path}`, {
        ...init,
        headers: { Cookie: cookie, Origin: server.url, ...init.headers },
        redirect: "manual",
      });
      return { status: response.status, html: await response.text(), location: response.headers.get("location") };
    };
    const list = await dashboard("/dashboard/products/?needs=de");
    expect(list.html).toContain(">Needs Deutsch</a>");
    const id = /href="\/dashboard\/products\/([0-9a-f-]{36})\/translations\/de"/.exec(list.html)?.[1] ?? "";
    expect(id).not.toBe("");
    const detail = await dashboard(`/dashboard/products/${id}/`);
    const path = /href="(\/catalog\/products\/[^"?]+)"/.exec(detail.html)?.[1] ?? "";
    const englishName = /<p class="mt-1 text-xl text-slate-700"[^>]*>([^<]+)<\/p>/.exec((await get(path)).html)?.[1];
    expect(englishName).toBeTruthy();

    expect(await dashboard(`/dashboard/products/${id}/translations`)).toMatchObject({
      status: 302,
      location: `/dashboard/products/${id}/translations/de`,
    });
    expect((await dashboard(`/dashboard/products/${id}/translations/ar`)).status).toBe(404);
    const form = await dashboard(`/dashboard/products/${id}/translations/de`);
    expect(form.html).toContain(`>Name in Deutsch</label>`);
    const version = /name="version" value="(\d+)"/.exec(form.html)?.[1] ?? "";
    const saved = await dashboard(`/dashboard/products/${id}/translations/de`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ version, "text.name": "Kuppelkamera", "text.description": "", "text.specs": "" }),
    });
    expect(saved.html).toContain("Translations saved.");
    // The product's page in the dashboard says what each language still needs.
    const progress = (await dashboard(`/dashboard/products/${id}/`)).html;
    expect(progress).toMatch(/>Deutsch<\/a><span class="text-slate-600">: 1 text missing or outdated<\/span>/);
    expect(progress).toMatch(/>Français<\/a><span class="text-slate-600">: 2 texts missing or outdated<\/span>/);
    // A language the site does not have takes nothing.
    const refused = await dashboard(`/dashboard/products/${id}/translations/ar`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ version: String(Number(version) + 1), "text.name": "كاميرا" }),
    });
    expect(refused.status).toBe(404);

    const nameOn = (html: string) =>
      /<p class="mt-1 text-xl text-slate-700"( lang="\w+" dir="ltr")?>([^<]+)<\/p>/.exec(html);
    const german = (await get(`/de${path}`)).html;
    // Its name in German, the page's language; its description falls back to English, marked so.
    expect(nameOn(german)?.slice(1)).toEqual([undefined, "Kuppelkamera"]);
    expect(german).toMatch(/<p class="whitespace-pre-line text-slate-800" lang="en" dir="ltr">/);
    expect(german).toContain("<title>");
    expect(/<title>([^<]*)<\/title>/.exec(german)?.[1]).toContain("Kuppelkamera");
    // Swiss German falls back to German first.
    expect(nameOn((await get(`/de-ch${path}`)).html)?.[2]).toBe("Kuppelkamera");
    // French has none: English, marked.
    expect(nameOn((await get(`/fr${path}`)).html)?.slice(1)).toEqual([' lang="en" dir="ltr"', englishName]);
    expect(nameOn((await get(path)).html)?.slice(1)).toEqual([undefined, englishName]);

    // Its card in the catalog's lists the same way, field by field.
    const names = (html: string) =>
      [...html.matchAll(/<p class="text-sm font-medium text-slate-600"( lang="\w+" dir="ltr")?>([^<]+)<\/p>/g)].map(
        (match) => [match[1], match[2]],
      );
    expect(names((await get("/de/catalog")).html)).toContainEqual([undefined, "Kuppelkamera"]);
    expect(names((await get("/de/catalog")).html)).toContainEqual([' lang="en" dir="ltr"', expect.any(String)]);
    expect(names((await get("/fr/catalog")).html)).toContainEqual([' lang="en" dir="ltr"', englishName]);
    expect(names((await get("/catalog")).html)).toContainEqual([undefined, englishName]);
    expect((await get("/de/catalog")).html).toMatch(
      /<p class="line-clamp-3 text-sm text-slate-700" lang="en" dir="ltr">/,
    );
  });
});
