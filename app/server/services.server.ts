import type { AdminAccounts } from "./admins.server";
import { createAuditLog } from "./audit.server";
import type { AuthService } from "./auth.server";
import { createInvitations } from "./invitations.server";
import type { SendMail } from "./mail.server";
import { createAdminWrite } from "./admin/write.server";
import { createCategoryAdmin } from "./admin/categories.server";
import { createDownloadAdmin } from "./admin/downloads.server";
import { createInfoItemAdmin } from "./admin/info-items.server";
import { createProductAdmin } from "./admin/products.server";
import { createCatalog } from "./catalog.server";
import type { Database } from "./db/client.server";
import type { FileService } from "./files.server";
import { createInfoItemReads } from "./info.server";
import type { ChangeHub } from "./live.server";
import type { Logger } from "./logger.server";
import type { CatalogSnapshot } from "./catalog-snapshot.server";
import { createSiteSettings } from "./settings.server";
import type { DataWatch } from "./data-watch.server";
import { createSitemap } from "./sitemap.server";
import { createSpreadsheetReader } from "./spreadsheet.server";
import { createCatalogCounts } from "./summary.server";

/** What the services are made of: the parts one server process holds open (see Runtime). */
export interface ServiceParts {
  db: Database;
  files: FileService;
  /** This instance's own committed writes, announced at once. */
  ownWrites: ChangeHub;
  catalogSnapshot: CatalogSnapshot;
  /** Says when what is kept in memory (the catalog snapshot, the settings) may be out of date. */
  dataWatch: DataWatch;
  auth: AuthService;
  /** The people who sign in: shared with the command line. */
  admins: AdminAccounts;
  sendMail: SendMail;
  publicUrl: string;
  logger: Logger;
}

/**
 * Every service the routes use, made once per process from the parts they need: no service looks
 * anything up for itself, so what each one reads and writes is in its arguments.
 */
export function createServices(parts: ServiceParts) {
  const { db, files, ownWrites, catalogSnapshot, dataWatch, auth, admins, sendMail, publicUrl, logger } = parts;
  const write = createAdminWrite({ db, files, ownWrites });
  const catalog = createCatalog({ db, snapshot: catalogSnapshot });
  return {
    auth,
    people: admins,
    invitations: createInvitations({ db, sendMail, publicUrl }),
    auditLog: createAuditLog({ db }),
    catalog,
    summary: createCatalogCounts({ db }),
    infoItems: createInfoItemReads({ db }),
    settings: createSiteSettings({ db, write, watch: dataWatch }),
    sitemap: createSitemap({ db }),
    spreadsheets: createSpreadsheetReader({ files, logger }),
    categoryAdmin: createCategoryAdmin({ db, write, catalog }),
    productAdmin: createProductAdmin({ db, write }),
    downloadAdmin: createDownloadAdmin({ db, write }),
    infoItemAdmin: createInfoItemAdmin({ write }),
  };
}

export type Services = ReturnType<typeof createServices>;
