import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { expressMessages } from "./express-messages";

let server: http.Server | undefined;

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

describe("expressMessages", () => {
  it("makes requests and responses Express leaves as they are, with Express's methods", async () => {
    const app = express();
    const prototypes: { before: object | null; inside: object | null; response: object | null }[] = [];
    let before: object | null = null;
    app.get("/probe", (req, res) => {
      prototypes.push({ before, inside: Object.getPrototypeOf(req), response: Object.getPrototypeOf(res) });
      res.json({ query: req.query.word, host: req.get("host") === undefined ? "none" : "some" });
    });
    server = http.createServer(expressMessages(app), (req, res) => {
      before = Object.getPrototypeOf(req);
      app(req, res);
    });
    await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;

    const response = await fetch(`http://127.0.0.1:${port}/probe?word=camera`);

    expect(await response.json()).toEqual({ query: "camera", host: "some" });
    expect(prototypes).toHaveLength(1);
    expect(prototypes[0]?.inside).toBe(prototypes[0]?.before);
    expect(prototypes[0]?.inside).toBe(app.request);
    expect(prototypes[0]?.response).toBe(app.response);
  });
});
