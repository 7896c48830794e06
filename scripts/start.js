// @ts-check
// `npm start`: builds the site when there is no build yet (or the sources are newer), then serves it.
import { buildAdminCliIfStale, buildSiteIfStale } from "./build.js";

buildSiteIfStale();
// The admin command line is built now too, so that its first call answers as fast as the rest.
buildAdminCliIfStale();
await import("../server.js");
