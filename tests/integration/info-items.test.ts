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
import { selectsBy } from "#tests/support/queries";

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
