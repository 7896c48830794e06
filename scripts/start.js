// @ts-check
// `npm start`: builds the site when there is no build yet (or the sources are newer), then serves it.
import { buildSiteIfStale } from "./build.js";

buildSiteIfStale();
await import("../server.js");
