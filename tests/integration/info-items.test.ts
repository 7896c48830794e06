import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InfoActionResult } from "#app/domain/forms/info-item";
import { ADMIN_MESSAGES } from "#app/domain/messages";
import { parseEnv } from "#app/server/env.server";
import { infoItemAction, listInfoItems } from "#app/server/info.server";
import { startRuntime, type Runtime } from "#app/server/runtime.server";

let runtime: Runtime;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vantage-info-items-"));
  runtime = await startRuntime(parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: "silent" }));
});

afterAll(async () => {
  await runtime?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The action's answer, unwrapped from `data(…, status)` when it carries a status. */
async function act(fields: Record<string, string>): Promise<{ status: number; body: InfoActionResult }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  const answer = await infoItemAction(form);
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

describe("info items through the home page's action", () => {
  it("validates each type again on the server with SPEC §5's messages", async () => {
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
    expect(await listInfoItems()).toHaveLength(0);
  });

  it("refuses a card whose file is not an image, all or nothing: no item, the upload stays staged", async () => {
    const text = await stage("text");
    const card = await act({ intent: "create", type: "card", heading: "H", content: "C", imageFileId: text.id });
    expect(card.status).toBe(400);
    expect(fieldErrors(card.body).imageFileId).toEqual([ADMIN_MESSAGES.cardImage]);
    expect(await listInfoItems()).toHaveLength(0);
    expect((await runtime.files.get(text.id))?.staged).toBe(true);
  });

  it("creates trimmed, edits with optimistic concurrency, releases replaced and deleted images", async () => {
    expect((await act({ intent: "create", type: "banner", content: "  Hello  " })).body.status).toBe("saved");
    const first = await stage("png");
    expect(
      (await act({ intent: "create", type: "card", heading: "H", content: "C", imageFileId: first.id })).body.status,
    ).toBe("saved");
    let [card, banner] = await listInfoItems();
    expect(banner?.content).toBe("Hello");
    expect(card?.image?.fileId).toBe(first.id);
    if (!card || !banner) throw new Error("items missing");

    const second = await stage("png");
    const edit = { intent: "edit", id: card.id, version: String(card.version), heading: "H2", content: "C2" };
    expect((await act({ ...edit, imageFileId: second.id })).body.status).toBe("saved");
    expect(await runtime.files.get(first.id)).toBeUndefined();
    const stale = await act({ ...edit, heading: "Lost update" });
    expect(stale.body).toMatchObject({ status: "conflict", current: { heading: "H2", version: card.version + 1 } });

    // Move to top leaves the version alone, so an open edit form does not conflict with it.
    expect((await act({ intent: "move-to-top", id: banner.id })).body.status).toBe("done");
    [banner, card] = await listInfoItems();
    expect(banner?.type).toBe("banner");
    if (!card || !banner) throw new Error("items missing");

    expect((await act({ intent: "delete", id: card.id, version: String(card.version - 1) })).body.status).toBe(
      "conflict",
    );
    expect((await act({ intent: "delete", id: card.id, version: String(card.version) })).body.status).toBe("done");
    expect(await runtime.files.get(second.id)).toBeUndefined();
    expect((await act({ intent: "delete", id: card.id, version: String(card.version) })).body.status).toBe("gone");
    expect(await listInfoItems()).toHaveLength(1);
  });
});
