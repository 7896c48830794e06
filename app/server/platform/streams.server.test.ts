import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { oncePerTurn } from "./streams.server";

describe("oncePerTurn", () => {
  it("passes what is written in one turn on as one piece, and each later turn's on its own", async () => {
    const stream = oncePerTurn();
    const pieces: string[] = [];
    stream.on("data", (chunk: Buffer) => pieces.push(chunk.toString("utf8")));
    for (const part of ["<html>", "<head>", "</head>"]) stream.write(Buffer.from(part));
    await new Promise((resolve) => setImmediate(resolve));
    // Nothing written in a turn waits for a later one.
    expect(pieces).toEqual(["<html><head></head>"]);
    stream.write(Buffer.from("<body>"));
    stream.write(Buffer.from("é</body>"));
    await new Promise((resolve) => setImmediate(resolve));
    stream.end(Buffer.from("</html>"));
    await new Promise((resolve) => stream.on("end", resolve));
    expect(pieces).toEqual(["<html><head></head>", "<body>é</body>", "</html>"]);
  });

  it("passes a large piece on as it is, between the joined runs of small ones", async () => {
    const stream = oncePerTurn();
    const pieces: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => pieces.push(chunk));
    const large = Buffer.alloc(40_000, "s");
    for (const part of [
      Buffer.from("<head>"),
      Buffer.from("<style>"),
      large,
      Buffer.from("</style>"),
      Buffer.from("</head>"),
    ]) {
      stream.write(part);
    }
    stream.end();
    await new Promise((resolve) => stream.on("end", resolve));
    expect(pieces.map((piece) => (piece === large ? "large" : piece.toString()))).toEqual([
      "<head><style>",
      "large",
      "</style></head>",
    ]);
  });

  it("keeps every byte, in order, whatever the pieces", async () => {
    const stream = oncePerTurn();
    const whole = "ünïcödé ".repeat(5_000);
    const bytes = Buffer.from(whole, "utf8");
    const collected = text(stream);
    for (let start = 0; start < bytes.length; start += 7) {
      stream.write(bytes.subarray(start, start + 7));
      if (start % 700 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    stream.end();
    expect(await collected).toBe(whole);
  });
});
