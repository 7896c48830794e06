import http from "node:http";
import type express from "express";
import type { Request, Response } from "express";

/**
 * Requests and responses made with Express's prototypes from the start, so that Express finds them set
 * and leaves them be. Express otherwise swaps the prototype of both on every request, and on Node 20
 * every property added after such a swap gets hidden classes of its own, in the old generation, that
 * keep the value alive until the next full collection: each request's closures, streams and render
 * went to the old generation with it (decision 028). The classes' prototypes become the app's
 * `request` and `response`, inheriting Express's, so that the prototype Express sets is the one they have.
 */
export function expressMessages(app: express.Express): Pick<http.ServerOptions, "IncomingMessage" | "ServerResponse"> {
  class ExpressRequest extends http.IncomingMessage {}
  Object.setPrototypeOf(ExpressRequest.prototype, app.request);
  app.request = ExpressRequest.prototype as unknown as Request;
  class ExpressResponse extends http.ServerResponse {}
  Object.setPrototypeOf(ExpressResponse.prototype, app.response);
  app.response = ExpressResponse.prototype as unknown as Response;
  // Node's typing wants a response class generic in its request's; this one serves Express's requests.
  return { IncomingMessage: ExpressRequest, ServerResponse: ExpressResponse as unknown as typeof http.ServerResponse };
}
