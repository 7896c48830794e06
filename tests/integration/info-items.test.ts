import { Readable } from "node:stream";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq, sql } from "drizzle-orm";
import { ALT_TEXT_TOO_LONG } from "#app/domain/alt-text";
import type { InfoActionResult } from "#app/domain/forms/info-item";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import { files, infoItems } from "#app/server/db/schema";
import { infoItemFromForm } from "#app/routes/dashboard/info-items/actions.server";
import { createRouteContext } from "#app/server/runtime/context.server";
import type { Runtime } from "#app/server/runtime/runtime.server";
import { startTestRuntime } from "#tests/support/database";
import { TEST_ORIGIN } from "#tests/support/origin";
import { purgeDeleted } from "#tests/support/revisions";
import { allNoticesHeard, selectsBy } from "#tests/support/queries";

let runtime: Runtime;
let test: Awaited<ReturnType<typeof startTestRuntime>> | undefined;

beforeAll(async () => {
  test = await startTestRuntime("pglite");
  runtime = test.runtime;
});

afterAll(async () => {
  await test?.close();
});

/** The action's answer, unwrapped from `data(…, status)` when it carries a status. */
async function act(fields: Record<string, string>): Promise<{ status: number; body: InfoActionResult }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  const context = createRouteContext(runtime.services, {
    nonce: "",
    requestId: "info-items-test",
    logger: runtime.logger,
    clientAddress: "127.0.0.1",
    publicUrl: runtime.env.publicUrl,
    user: () => Promise.resolve(null),
    databaseAvailability: runtime.database.availability,
  });
  const answer = await infoItemFromForm(context, { form, origin: TEST_ORIGIN });
  if (answer && typeof answer === "object" && "init" in answer && "data" in answer) {
    return { status: answer.init?.status ?? 200, body: answer.data as InfoActionResult };
  }
  return { status: 200, body: answer as InfoActionResult };
}

async function stage(kind: "png" | "text") {
  const body =
    kind === "png"
      ? await sharp({ create: { width: 8, height: 8, channels: 3, background: "#123456" } })
          .png()
          .toBuffer()
      : Buffer.from("just text");
  return runtime.files.stage({
    body: Readable.from([body]),
    originalName: kind === "png" ? "a.png" : "a.txt",
    uploadedBy: null,
    requireImage: false,
  });
}

const fieldErrors = (body: InfoActionResult) => ("result" in body ? (body.result.error ?? {}) : {});

describe("info items through the dashboard's info-item action", () => {
  it("validates each type again on the server with requirements §5's messages", async () => {
    const banner = await act({ intent: "create", type: "banner", content: "   " });
    expect(banner.status).toBe(400);
    expect(fieldErrors(banner.body).content).toEqual([ADMIN_MESSAGES.contentRequiredBanner]);
    const image = await act({ intent: "create", type: "image" });
    expect(fieldErrors(image.body).imageFileId).toEqual([ADMIN_MESSAGES.imageRequiredInfo]);
    const card = await act({ intent: "create", type: "card" });
    expect(fieldErrors(card.body)).toMatchObject({
      heading: [ADMIN_MESSAGES.headingRequired],
      content: [ADMIN_MESSAGES.contentRequired],
    });
    expect(await runtime.services.infoItems.listInfoItems()).toHaveLength(0);
  });

  it("refuses a card whose file is not an image, all or nothing: no item, the upload stays staged", async () => {
    const text = await stage("text");
    const card = await act({ intent: "create", type: "card", heading: "H", content: "C", imageFileId: text.id });
    expect(card.status).toBe(400);
    expect(fieldErrors(card.body).imageFileId).toEqual([ADMIN_MESSAGES.cardImage]);
    expect(await runtime.services.infoItems.listInfoItems()).toHaveLength(0);
    expect((await runtime.files.get(text.id))?.staged).toBe(true);
  });

  it("creates trimmed, edits with optimistic concurrency, keeps replaced and deleted images until purged", async () => {
    expect((await act({ intent: "create", type: "banner", content: "  Hello  " })).body.status).toBe("saved");
    const first = await stage("png");
    expect(
      (await act({ intent: "create", type: "card", heading: "H", content: "C", imageFileId: first.id })).body.status,
    ).toBe("saved");
    let [card, banner] = await runtime.services.infoItems.listInfoItems();
    expect(banner?.content).toBe("Hello");
    expect(card?.image?.fileId).toBe(first.id);
    if (!card || !banner) throw new Error("items missing");

    const second = await stage("png");
    const edit = { intent: "edit", id: card.id, version: String(card.version), heading: "H2", content: "C2" };
    expect((await act({ ...edit, imageFileId: second.id })).body.status).toBe("saved");
    // The replaced picture stays while a revision keeps it (a restore may need it).
    expect(await runtime.files.get(first.id)).toBeDefined();
    const stale = await act({ ...edit, heading: "Lost update" });
    expect(stale.body).toMatchObject({ status: "conflict", current: { heading: "H2", version: card.version + 1 } });

    // Move to top leaves the version alone, so an open edit form does not conflict with it.
    expect((await act({ intent: "move-to-top", id: banner.id })).body.status).toBe("done");
    [banner, card] = await runtime.services.infoItems.listInfoItems();
    expect(banner?.type).toBe("banner");
    if (!card || !banner) throw new Error("items missing");

    expect((await act({ intent: "delete", id: card.id, version: String(card.version - 1) })).body.status).toBe(
      "conflict",
    );
    expect((await act({ intent: "delete", id: card.id, version: String(card.version) })).body.status).toBe("done");
    expect(await runtime.files.get(second.id)).toBeDefined();
    await purgeDeleted(runtime, card.id);
    expect(await runtime.files.get(first.id)).toBeUndefined();
    expect(await runtime.files.get(second.id)).toBeUndefined();
    // Gone meanwhile: refused as every entity refuses a delete, with the words the page shows.
    expect((await act({ intent: "delete", id: card.id, version: String(card.version) })).body).toEqual({
      status: "refused",
      message: ADMIN_MESSAGES.gone,
    });
    expect(await runtime.services.infoItems.listInfoItems()).toHaveLength(1);
  });

  it("stores an image's description with the item, trimmed; an edit changes it, a removed picture takes it along", async () => {
    for (const item of await runtime.services.infoItems.listInfoItems()) {
      await act({ intent: "delete", id: item.id, version: String(item.version) });
    }
    const tooLong = await act({
      intent: "create",
      type: "image",
      imageFileId: (await stage("png")).id,
      imageAlt: "x".repeat(251),
    });
    expect(tooLong.status).toBe(400);
    expect(fieldErrors(tooLong.body).imageAlt).toEqual([ALT_TEXT_TOO_LONG]);
    expect(await runtime.services.infoItems.listInfoItems()).toHaveLength(0);

    const picture = await stage("png");
    const created = await act({
      intent: "create",
      type: "image",
      imageFileId: picture.id,
      imageAlt: "  Three cameras\n on a rooftop  ",
    });
    expect(created.body.status).toBe("saved");
    const cardPicture = await stage("png");
    await act({
      intent: "create",
      type: "card",
      heading: "H",
      content: "C",
      imageFileId: cardPicture.id,
      imageAlt: "A shield",
    });
    let [card, image] = await runtime.services.infoItems.listInfoItems();
    if (!card || !image) throw new Error("items missing");
    expect(image.image).toMatchObject({ fileId: picture.id, alt: "Three cameras on a rooftop" });
    expect(card.image).toMatchObject({ fileId: cardPicture.id, alt: "A shield" });

    // Edited with the rest of the item, under the same version check.
    const edit = { intent: "edit", id: card.id, version: String(card.version), heading: "H", content: "C" };
    expect((await act({ ...edit, imageAlt: "A white shield" })).body.status).toBe("saved");
    const stale = await act({ ...edit, imageAlt: "Lost" });
    expect(stale.body).toMatchObject({ status: "conflict", current: { image: { alt: "A white shield" } } });
    [card, image] = await runtime.services.infoItems.listInfoItems();
    if (!card || !image) throw new Error("items missing");
    expect(card.updatedAt > card.createdAt).toBe(true);

    // Moved to the top: not an edit, so its dates stay as they were.
    expect((await act({ intent: "move-to-top", id: image.id })).body.status).toBe("done");
    const [moved] = await runtime.services.infoItems.listInfoItems();
    expect(moved).toMatchObject({ id: image.id, updatedAt: image.updatedAt, createdAt: image.createdAt });
    expect(moved?.sortAt).not.toBe(image.sortAt);

    // Without its picture, a card keeps no description.
    const removal = { intent: "edit", id: card.id, version: String(card.version), heading: "H", content: "C" };
    expect((await act({ ...removal, removeImage: "on", imageAlt: "A white shield" })).body.status).toBe("saved");
    const [row] = await runtime.database.db.select().from(infoItems).where(eq(infoItems.id, card.id));
    expect(row).toMatchObject({ imageFileId: null, imageAlt: "" });

    // The service alone, without the form's checks, stores it the same way and keeps the same limit.
    const seeded = await runtime.services.infoItemAdmin.createInfoItem(
      "image",
      {
        imageFileId: (await stage("png")).id,
        imageAlt: " Seeded ",
      },
      TEST_ORIGIN,
    );
    expect((await runtime.services.infoItems.listInfoItems()).find((item) => item.id === seeded)?.image?.alt).toBe(
      "Seeded",
    );
    const count = (await runtime.services.infoItems.listInfoItems()).length;
    await expect(
      runtime.services.infoItemAdmin.createInfoItem(
        "image",
        {
          imageFileId: (await stage("png")).id,
          imageAlt: "x".repeat(251),
        },
        TEST_ORIGIN,
      ),
    ).rejects.toThrow(ALT_TEXT_TOO_LONG);
    expect(await runtime.services.infoItems.listInfoItems()).toHaveLength(count);
  });
});

describe("the home page's items, kept in memory", () => {
  const queriesOf = (read: () => Promise<unknown>) => selectsBy(runtime.database.db, read);
  const published = () => runtime.services.infoItems.listInfoItems();

  it("are read from the database only after a change, however it is made", async () => {
    const picture = await stage("png");
    await act({ intent: "create", type: "card", heading: "Kept", content: "C", imageFileId: picture.id });
    // Once the notices of the writes above are in, the published items cost no query.
    await expect.poll(() => queriesOf(published)).toBe(0);
    const [card] = await published();
    expect(card).toMatchObject({ heading: "Kept", image: { fileId: picture.id, width: 8 } });

    // Raw SQL, as another instance, a script or an operator would write: heard through the database.
    await runtime.database.db.execute(
      sql`update ${infoItems} set heading = 'Changed elsewhere' where id = ${card?.id}`,
    );
    await expect.poll(async () => (await published())[0]?.heading).toBe("Changed elsewhere");
    await runtime.database.db.execute(sql`update ${files} set width = 16 where id = ${picture.id}`);
    await expect.poll(async () => (await published())[0]?.image?.width).toBe(16);
    await expect.poll(() => queriesOf(published)).toBe(0);
    // A change of files no item uses (a product's save sets its own files' visibility) says nothing to them.
    await runtime.database.db.execute(
      sql`update ${files} set width = width where id not in (select image_file_id from ${infoItems} where image_file_id is not null)`,
    );
    await allNoticesHeard(runtime);
    expect(await queriesOf(published)).toBe(0);

    // A write of this instance announces itself before its response leaves: no waiting for the notice.
    await runtime.database.db.execute(sql`update ${infoItems} set status = 'draft' where id = ${card?.id}`);
    runtime.ownWrites.publish({ topics: ["info"] });
    expect((await published()).map((item) => item.id)).not.toContain(card?.id);
    // Drafts, for the dashboard and signed-in people, are read each time.
    const withDrafts = () => runtime.services.infoItems.listInfoItems({ drafts: true });
    expect((await withDrafts()).map((item) => item.heading)).toContain("Changed elsewhere");
    expect(await queriesOf(withDrafts)).toBe(1);
  });

  it("are not kept when reading them failed: the next page asks again", async () => {
    await act({ intent: "create", type: "banner", content: "After a failure" });
    const failing = vi.spyOn(runtime.database.db, "select").mockImplementationOnce(() => {
      throw new Error("connection lost");
    });
    try {
      await expect(published()).rejects.toThrow("connection lost");
    } finally {
      failing.mockRestore();
    }
    expect((await published())[0]?.content).toBe("After a failure");
  });
});

describe("an item's link, date and place, and News", () => {
  const clear = async () => {
    for (const item of await runtime.services.infoItems.listInfoItems({ drafts: true })) {
      await act({ intent: "delete", id: item.id, version: String(item.version) });
    }
  };

  it("refuses a link that is neither a page of the site nor a web address, and a day that does not exist", async () => {
    await clear();
    for (const link of ["//elsewhere.example/x", "javascript:alert(1)", "catalog", "/a page", "ftp://files.example"]) {
      const answer = await act({ intent: "create", type: "banner", content: "B", link });
      expect(answer.status, link).toBe(400);
      expect(fieldErrors(answer.body).link, link).toEqual([ADMIN_MESSAGES.infoLink]);
    }
    const badDay = await act({ intent: "create", type: "banner", content: "B", datedOn: "2026-02-30" });
    expect(fieldErrors(badDay.body).datedOn).toEqual([ADMIN_MESSAGES.infoDate]);
    const badPlace = await act({ intent: "create", type: "banner", content: "B", shownOn: "sidebar" });
    expect(badPlace.status).toBe(400);
    expect(await runtime.services.infoItems.listInfoItems({ drafts: true })).toHaveLength(0);
    // The service refuses what the form would, whoever calls it.
    await expect(
      runtime.services.infoItemAdmin.createInfoItem("banner", { content: "B", link: "//x.example" }, TEST_ORIGIN),
    ).rejects.toMatchObject({ field: "link" });
  });

  it("stores them; an edit without a day or a place keeps them; News keeps an item taken off the home page", async () => {
    await clear();
    expect(
      (
        await act({
          intent: "create",
          type: "card",
          heading: "Older",
          content: "C",
          link: "https://partners.example/program",
          datedOn: "2026-03-12",
        })
      ).body.status,
    ).toBe("saved");
    expect((await act({ intent: "create", type: "banner", content: "Undated" })).body.status).toBe("saved");
    const [banner, card] = await runtime.services.infoItems.listInfoItems();
    if (!banner || !card) throw new Error("items missing");
    expect(card).toMatchObject({ link: "https://partners.example/program", datedOn: "2026-03-12", onHomePage: true });
    expect(banner).toMatchObject({ link: null, datedOn: new Date().toISOString().slice(0, 10), onHomePage: true });

    // Taken off the home page, dated later than the banner: News lists by the day, the home page without it.
    const edit = { intent: "edit", id: card.id, version: String(card.version), heading: "Older", content: "C" };
    const later = "2099-01-01";
    expect((await act({ ...edit, link: "/support/firmware", datedOn: later, shownOn: "news" })).body.status).toBe(
      "saved",
    );
    expect((await runtime.services.infoItems.homePageItems()).map((item) => item.id)).toEqual([banner.id]);
    const news = await runtime.services.infoItems.newsPage(1);
    expect(news.items.map((item) => item.id)).toEqual([card.id, banner.id]);
    expect(news).toMatchObject({ total: 2, page: 1, pageCount: 1 });

    // An edit from a form without the day or the place keeps both; one without a link has none.
    expect((await act({ ...edit, version: String(card.version + 1) })).body.status).toBe("saved");
    const kept = await runtime.services.infoItems.getInfoItem(card.id);
    expect(kept).toMatchObject({ link: null, datedOn: later, onHomePage: false });

    // Back on the home page, through History: a restore puts back the link, the day and the place.
    const entries = await runtime.services.revisions.history("home-item", card.id);
    const created = entries.at(-1);
    expect(created?.kind).toBe("created");
    const second = entries.at(-2);
    expect(second?.changes).toEqual(
      expect.arrayContaining([
        { kind: "changed", label: "Link", before: "https://partners.example/program", after: "/support/firmware" },
        { kind: "changed", label: "Date", before: "2026-03-12", after: later },
        { kind: "changed", label: "Shown on", before: "The home page and News", after: "News only" },
      ]),
    );
    await runtime.services.history.restoreRevision(
      "home-item",
      card.id,
      created?.id ?? "",
      card.version + 2,
      TEST_ORIGIN,
    );
    expect(await runtime.services.infoItems.getInfoItem(card.id)).toMatchObject({
      link: "https://partners.example/program",
      datedOn: "2026-03-12",
      onHomePage: true,
    });
    expect((await runtime.services.infoItems.homePageItems()).map((item) => item.id)).toContain(card.id);
  });

  it("pages News ten at a time, newest day first, with drafts left out", async () => {
    await clear();
    for (let day = 1; day <= 12; day += 1) {
      const datedOn = `2026-01-${String(day).padStart(2, "0")}`;
      await act({
        intent: "create",
        type: "banner",
        content: `Day ${day}`,
        datedOn,
        shownOn: day % 2 ? "news" : "home",
      });
    }
    await act({ intent: "create", type: "banner", content: "A draft", datedOn: "2026-02-01", publish: "draft" });
    const first = await runtime.services.infoItems.newsPage(1);
    expect(first).toMatchObject({ total: 12, page: 1, pageCount: 2, pageSize: 10 });
    expect(first.items.map((item) => item.content)).toEqual(
      [12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((day) => `Day ${day}`),
    );
    expect((await runtime.services.infoItems.newsPage(9)).items.map((item) => item.content)).toEqual([
      "Day 2",
      "Day 1",
    ]);
    expect((await runtime.services.infoItems.latestNews(3)).map((item) => item.content)).toEqual([
      "Day 12",
      "Day 11",
      "Day 10",
    ]);
    expect(await runtime.services.infoItems.homePageItems()).toHaveLength(6);
  });
});

describe("the carousel's slides", () => {
  it("need a picture, a heading, a text and a button; they are neither home page items nor news", async () => {
    for (const item of await runtime.services.infoItems.listInfoItems({ drafts: true })) {
      await act({ intent: "delete", id: item.id, version: String(item.version) });
    }
    const empty = await act({ intent: "create", type: "slide" });
    expect(empty.status).toBe(400);
    expect(fieldErrors(empty.body)).toMatchObject({
      heading: [ADMIN_MESSAGES.headingRequired],
      content: [ADMIN_MESSAGES.contentRequired],
      imageFileId: [ADMIN_MESSAGES.imageRequiredInfo],
      linkLabel: [ADMIN_MESSAGES.slideLabelRequired],
      link: [ADMIN_MESSAGES.slideLinkRequired],
    });
    const slide = {
      intent: "create",
      type: "slide",
      eyebrow: "  Thermal  ",
      heading: "Heat tells the truth",
      content: "Bi-spectrum cameras for perimeters.",
      imageFileId: (await stage("png")).id,
      imageAlt: "A thermal camera on a fence",
      linkLabel: "See thermal cameras",
      link: "/catalog/categories/thermal-cameras",
    };
    const text = await stage("text");
    expect(fieldErrors((await act({ ...slide, imageFileId: text.id })).body).imageFileId).toEqual([
      ADMIN_MESSAGES.imageRequiredInfo,
    ]);
    expect((await act(slide)).body.status).toBe("saved");
    expect((await act({ intent: "create", type: "banner", content: "News" })).body.status).toBe("saved");

    const [stored] = await runtime.services.infoItems.heroSlides();
    expect(stored).toMatchObject({
      type: "slide",
      eyebrow: "Thermal",
      heading: "Heat tells the truth",
      linkLabel: "See thermal cameras",
      link: "/catalog/categories/thermal-cameras",
      image: { alt: "A thermal camera on a fence" },
    });
    expect((await runtime.services.infoItems.homePageItems()).map((item) => item.type)).toEqual(["banner"]);
    expect((await runtime.services.infoItems.newsPage(1)).items.map((item) => item.type)).toEqual(["banner"]);

    // An edit keeps the picture and changes the words; History names the button.
    if (!stored) throw new Error("slide missing");
    const edited = await act({
      ...slide,
      intent: "edit",
      id: stored.id,
      version: String(stored.version),
      imageFileId: "",
      linkLabel: "Thermal cameras",
    });
    expect(edited.body.status).toBe("saved");
    expect(await runtime.services.infoItems.getInfoItem(stored.id)).toMatchObject({
      linkLabel: "Thermal cameras",
      image: { fileId: stored.image?.fileId },
    });
    const [latest] = await runtime.services.revisions.history("home-item", stored.id);
    expect(latest?.changes).toEqual([
      { kind: "changed", label: "Button", before: "See thermal cameras", after: "Thermal cameras" },
    ]);
  });
});
