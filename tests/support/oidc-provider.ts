import type http from "node:http";
import { listenOnLoopback } from "./ports";

/** The client the site is registered as at the test's provider. */
export const OIDC_CLIENT = { id: "vantage-site", secret: "a client secret only the tests know" } as const;

export interface TestOidcProvider {
  /** The issuer, as OIDC_ISSUER_URL names it. */
  issuer: string;
  /** The site's environment for this provider, named `name` on its button. */
  env: (name: string) => Record<string, string>;
  stop: () => Promise<void>;
}

/**
 * A real OpenID Connect provider on loopback (the `oidc-provider` package, the certified
 * implementation), with its development sign-in pages: any login signs in as the account of that
 * name, whose e-mail address is the login, verified unless it starts with "unverified:". The site's
 * one client may come back only to `redirectUri`, with PKCE.
 */
export async function startOidcProvider(redirectUri: string): Promise<TestOidcProvider> {
  // The issuer must be known to make the provider: listen first, then hand the requests over to it.
  const handler: { of?: http.RequestListener } = {};
  const listening = await listenOnLoopback((request, response) => handler.of?.(request, response));
  const issuer = listening.url;
  // Its warnings are about what a test wants (keys, storage and sign-in pages for development
  // only, and Node.js 20, which CI runs and on which it works): said once, as it is loaded and made,
  // they would only fill the test run's output.
  const warn = console.warn;
  console.warn = () => undefined;
  const { default: Provider } = await import("oidc-provider");
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT.id,
        client_secret: OIDC_CLIENT.secret,
        redirect_uris: [redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    findAccount(_context, id) {
      const unverified = id.startsWith("unverified:");
      const email = unverified ? id.slice("unverified:".length) : id;
      return {
        accountId: id,
        claims: () => ({ sub: id, email, email_verified: !unverified, name: email.split("@")[0] }),
      };
    },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    pkce: { required: () => true },
    cookies: { keys: ["cookie key of the tests' provider"] },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
  });
  console.warn = warn;
  handler.of = provider.callback();
  return {
    issuer,
    env: (name) => ({
      OIDC_ISSUER_URL: issuer,
      OIDC_CLIENT_ID: OIDC_CLIENT.id,
      OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
      OIDC_NAME: name,
    }),
    stop: listening.close,
  };
}
