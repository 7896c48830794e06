import { afterAll, beforeAll } from "vitest";
import { adminEnv, signIn } from "./http";
import { startServer, type RunningServer } from "./server";

export interface AdminServer extends Omit<RunningServer, "stop" | "exited"> {
  /** The Cookie header of the admin's session. */
  cookie: string;
}

/**
 * The built server with the test admin, for the calling file or describe block: started (with `env`)
 * and signed in once before its tests, stopped after them. Its fields are there from its tests and
 * later hooks on.
 */
export function adminServer(env: Record<string, string> = {}): AdminServer {
  let server: RunningServer | undefined;
  let cookie: string | undefined;
  const current = () => {
    if (!server || cookie === undefined) throw new Error("The admin server is read before its beforeAll hook has run");
    return { server, cookie };
  };
  beforeAll(async () => {
    server = await startServer({ ...adminEnv(), ...env });
    ({ cookie } = await signIn(server.url));
  });
  afterAll(async () => {
    await server?.stop();
  });
  return {
    get url() {
      return current().server.url;
    },
    get port() {
      return current().server.port;
    },
    get pid() {
      return current().server.pid;
    },
    get dataDir() {
      return current().server.dataDir;
    },
    logs: () => current().server.logs(),
    get storage() {
      return current().server.storage;
    },
    get cookie() {
      return current().cookie;
    },
  };
}
