import path from "node:path";
import { createAdminAccounts, type AdminAccounts } from "../people/admins.server";
import { createAuth, type AuthService } from "../people/auth.server";
import { checkSharedStorage, sessionSecret } from "./deployment.server";
import { openDatabase, type DatabaseHandle } from "../db/client.server";
import { getEnv, type Env } from "../platform/env.server";
import { CatalogSnapshot } from "../site/catalog-snapshot.server";
import { createFileService, type FileService } from "../files/files.server";
import { createImageService, type ImageService } from "../files/images.server";
import { createDatasheets, type Datasheets } from "../render/datasheet.server";
import { ChangeHub, CHANGE_CHANNEL, parseChangeEvent } from "../db/live.server";
import { announceChanged, DATA_CHANGES_CHANNEL, DataWatch, parseWatchedData } from "../platform/data-watch.server";
import { createLogger, type Logger } from "../platform/logger.server";
import { createMailer, type SendMail } from "../platform/mail.server";
import { createRateLimiter } from "../db/rate-limit.server";
import { createServices, type Services } from "./services.server";
import { openCheckedStorage } from "./storage-location.server";
import type { FileStorage } from "../files/storage.server";

/** Everything one server process holds open. Made once at start, closed once at shutdown. */
export interface Runtime {
  env: Env;
  logger: Logger;
  database: DatabaseHandle;
  storage: FileStorage;
  files: FileService;
  images: ImageService;
  /** Product datasheets, made from the catalog and kept in storage. */
  datasheets: Datasheets;
  auth: AuthService;
  admins: AdminAccounts;
  sendMail: SendMail;
  /** Every committed change, from any instance, as the change feed delivers it. */
  changes: ChangeHub;
  /** This instance's own committed writes, announced at once: the feed's notice comes a moment later. */
  ownWrites: ChangeHub;
  /** The public catalog in memory, rebuilt whenever a version counter moved (decision 017). */
  catalogSnapshot: CatalogSnapshot;
  /** What the routes use, made from the parts above (the routes get it through their context). */
  services: Services;
  close(): Promise<void>;
}

/**
 * Opens the database, storage and everything else the process holds, once. What uses them gets them
 * from here as arguments (the routes through their context): nothing looks the runtime up by itself.
 */
export async function startRuntime(
  env: Env = getEnv(),
  logger: Logger = createLogger(env.LOG_LEVEL),
): Promise<Runtime> {
  // The storage first: a start with a wrong bucket or key stops at once, before making or migrating
  // a database it cannot serve.
  const storage = await openCheckedStorage(env);
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.dataDir,
    logger,
    waitForServer: true,
  });
  try {
    await checkSharedStorage(database.db, storage);
    const secret = await sessionSecret({
      db: database.db,
      configured: env.AUTH_SECRET,
      dataDir: env.dataDir,
      logger,
    });
    const sendMail = createMailer({
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      outboxDir: path.join(env.dataDir, "outbox"),
      logger,
    });
    const auth = createAuth({
      db: database.db,
      secret,
      publicUrl: env.publicUrl,
      sendMail,
      rateLimiter: createRateLimiter(database.db),
      logger,
      oidc:
        env.OIDC_ISSUER_URL && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET && env.OIDC_NAME
          ? {
              issuerUrl: env.OIDC_ISSUER_URL,
              clientId: env.OIDC_CLIENT_ID,
              clientSecret: env.OIDC_CLIENT_SECRET,
              name: env.OIDC_NAME,
            }
          : undefined,
    });
    const changes = new ChangeHub();
    const stopListening = await database.listen(
      CHANGE_CHANNEL,
      (payload) => {
        const event = parseChangeEvent(payload);
        if (event) changes.publish(event);
      },
      // Events may have been missed while disconnected: every page refreshes what it shows.
      () => changes.publish({ topics: ["*"] }),
    );
    const files = createFileService({ db: database.db, storage, logger });
    const ownWrites = new ChangeHub();
    // What this process keeps of the database in memory is asked for again only after a change.
    const dataWatch = new DataWatch();
    ownWrites.subscribe((event) => announceChanged(dataWatch, event.topics));
    const stopWatching = await database.listen(
      DATA_CHANGES_CHANNEL,
      (payload) => dataWatch.changed(parseWatchedData(payload)),
      () => dataWatch.hearing(),
      () => dataWatch.notHearing(),
    );
    // Another instance's write reaches this one on two connections: its announcement (which drops
    // cached pages) and the database's notice of what changed. Whichever comes first, the next render
    // must not read the old catalog: an announcement alone is reason enough to ask the database again.
    changes.subscribe((event) => announceChanged(dataWatch, event.topics));
    const catalogSnapshot = new CatalogSnapshot(database.db, dataWatch);
    const admins = createAdminAccounts(database.db);
    return {
      env,
      logger,
      database,
      storage,
      files,
      images: createImageService({ storage, logger, fileExists: async (id) => Boolean(await files.get(id)) }),
      datasheets: createDatasheets({ storage, files, logger, publicUrl: env.publicUrl }),
      auth,
      admins,
      sendMail,
      changes,
      ownWrites,
      catalogSnapshot,
      services: createServices({
        db: database.db,
        files,
        ownWrites,
        catalogSnapshot,
        dataWatch,
        auth,
        admins,
        sendMail,
        publicUrl: env.publicUrl,
        logger,
      }),
      async close() {
        await stopWatching();
        await stopListening();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
