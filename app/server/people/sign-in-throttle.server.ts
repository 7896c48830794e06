import type { RateLimiter } from "../db/rate-limit.server";

/** One client address may fail this many sign-ins, on any accounts, per window. */
export const CLIENT_FAILURE_LIMIT = 20;
export const CLIENT_WINDOW_SECONDS = 15 * 60;
/** An account's failures slow down, from this many on, the clients that failed on it. */
export const BACK_OFF_AFTER_FAILURES = 5;
export const MAX_BACK_OFF_SECONDS = 15 * 60;
/** How long an account's failures are remembered without a success or a reset. */
const ACCOUNT_WINDOW_SECONDS = 24 * 60 * 60;
/**
 * Reset mails: per address and client (so nobody's inbox is flooded from one place), per client, and
 * per address whatever the client (so nobody's inbox is flooded from many places either).
 */
export const RESET_PAIR_LIMIT = 3;
export const RESET_CLIENT_LIMIT = 10;
export const RESET_RECIPIENT_LIMIT = 5;
export const RESET_WINDOW_SECONDS = 15 * 60;

/** Seconds a client that failed on an account waits after its latest failure, given the account's failures. */
export function backOffSeconds(accountFailures: number): number {
  if (accountFailures < BACK_OFF_AFTER_FAILURES) return 0;
  return Math.min(MAX_BACK_OFF_SECONDS, 2 ** (accountFailures - BACK_OFF_AFTER_FAILURES));
}

/**
 * Sign-in limits that cannot be turned against the admin (see docs/decisions/011-sign-in-throttling.md).
 * A client that fails too often is refused for a while, whatever account it tries. An account under
 * attack is not locked: the clients that failed on it wait longer after each failure, while a client
 * with no failures on it (the admin elsewhere) signs in at once. A success clears the account's
 * count; a completed password reset clears everything that slowed the account and its owner down.
 */
export function createSignInThrottle(limiter: RateLimiter) {
  const keys = (email: string, client: string) => ({
    client: `signin:client:${client}`,
    account: `signin:account:${email}`,
    pair: `signin:pair:${email}\n${client}`,
  });

  return {
    /** Seconds this client must wait before trying this account, or 0. */
    async waitBeforeSignIn(email: string, client: string): Promise<number> {
      const key = keys(email, client);
      const [byClient, byAccount, byPair] = await Promise.all([
        limiter.read(key.client, CLIENT_WINDOW_SECONDS),
        limiter.read(key.account, ACCOUNT_WINDOW_SECONDS),
        limiter.read(key.pair, ACCOUNT_WINDOW_SECONDS),
      ]);
      const clientWait = byClient && byClient.count >= CLIENT_FAILURE_LIMIT ? byClient.secondsLeftInWindow : 0;
      const backOff = byPair && byAccount ? backOffSeconds(byAccount.count) - byPair.secondsSinceLast : 0;
      return Math.max(clientWait, backOff, 0);
    },

    async signInFailed(email: string, client: string): Promise<void> {
      const key = keys(email, client);
      await limiter.hit(key.client, CLIENT_WINDOW_SECONDS);
      await limiter.hit(key.account, ACCOUNT_WINDOW_SECONDS);
      await limiter.hit(key.pair, ACCOUNT_WINDOW_SECONDS);
    },

    async signedIn(email: string, client: string): Promise<void> {
      const key = keys(email, client);
      await limiter.clear([key.account, key.pair]);
    },

    /** The owner proved they hold the mailbox: nothing that slowed the account or this client stays. */
    async passwordReset(email: string, client: string): Promise<void> {
      const key = keys(email, client);
      await limiter.clear([key.account, key.client, `reset:pair:${email}\n${client}`, `reset:recipient:${email}`]);
      await limiter.clearPrefix(`signin:pair:${email}\n`);
    },

    /** Seconds this client must wait before asking for another reset mail to this address, or 0. */
    async waitBeforeResetMail(email: string, client: string): Promise<number> {
      const [byPair, byClient, byRecipient] = await Promise.all([
        limiter.read(`reset:pair:${email}\n${client}`, RESET_WINDOW_SECONDS),
        limiter.read(`reset:client:${client}`, RESET_WINDOW_SECONDS),
        limiter.read(`reset:recipient:${email}`, RESET_WINDOW_SECONDS),
      ]);
      return Math.max(
        byPair && byPair.count >= RESET_PAIR_LIMIT ? byPair.secondsLeftInWindow : 0,
        byClient && byClient.count >= RESET_CLIENT_LIMIT ? byClient.secondsLeftInWindow : 0,
        byRecipient && byRecipient.count >= RESET_RECIPIENT_LIMIT ? byRecipient.secondsLeftInWindow : 0,
      );
    },

    async resetMailSent(email: string, client: string): Promise<void> {
      await limiter.hit(`reset:pair:${email}\n${client}`, RESET_WINDOW_SECONDS);
      await limiter.hit(`reset:client:${client}`, RESET_WINDOW_SECONDS);
      await limiter.hit(`reset:recipient:${email}`, RESET_WINDOW_SECONDS);
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
