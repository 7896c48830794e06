import type { AdminAccounts } from "../people/admins.server";
import { createAuditLog } from "../admin/audit.server";
import type { AuthService } from "../people/auth.server";
import { createInvitations } from "../people/invitations.server";
import type { SendMail } from "../platform/mail.server";
import { createAdminWrite } from "../admin/write.server";
import { createAttributeAdmin } from "../admin/attributes.server";
import { createSpecConversion } from "../admin/spec-conversion.server";
import { createCategoryAdmin } from "../admin/categories.server";
import { createDownloadAdmin } from "../admin/downloads.server";
import { createInfoItemAdmin } from "../admin/info-items.server";
import { createProductAdmin } from "../admin/products.server";
import { createRevisions } from "../admin/revisions.server";
import { createHistory } from "../admin/history.server";
import { createScheduler } from "../admin/publication.server";
import { createContact } from "../admin/contact.server";
import { createCatalogImport } from "../import-export/catalog-import.server";
import { createCatalogExport } from "../import-export/catalog-export.server";
import { createFirmware } from "../admin/firmware.server";
import { createAdvisoryAdmin } from "../admin/advisories.server";
import { createRateLimiter } from "../db/rate-limit.server";
import { createCatalog } from "../site/catalog.server";
import type { Database } from "../db/client.server";
import type { FileService } from "../files/files.server";
import { createInfoItemReads } from "../site/info.server";
import { createAdvisoryReads } from "../site/advisories.server";
import type { ChangeHub } from "../db/live.server";
import type { Logger } from "../platform/logger.server";
import type { CatalogSnapshot } from "../site/catalog-snapshot.server";
import { createSiteSettings } from "../admin/settings.server";
import { createSearchSynonyms } from "../admin/synonyms.server";
import type { DataWatch } from "../platform/data-watch.server";
import { createSitemap } from "../site/sitemap.server";
import { createSpreadsheetReader } from "../import-export/spreadsheet.server";
import { createCatalogCounts } from "../site/summary.server";

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
  const revisions = createRevisions({ db, files });
  const write = createAdminWrite({
    db,
    files,
    ownWrites,
    revisions,
    takenIn: (topics) =>
      topics.some((topic) => topic === "products" || topic === "categories" || topic === "*")
        ? catalogSnapshot.catchUp()
        : Promise.resolve(),
  });
  const synonyms = createSearchSynonyms({ db, write, watch: dataWatch });
  const catalog = createCatalog({ db, snapshot: catalogSnapshot, watch: dataWatch, synonyms: synonyms.getSynonymSets });
  const settings = createSiteSettings({ db, write, watch: dataWatch });
  const categoryAdmin = createCategoryAdmin({ db, write, catalog });
  const productAdmin = createProductAdmin({ db, write });
  const downloadAdmin = createDownloadAdmin({ db, write });
  const infoItemAdmin = createInfoItemAdmin({ write });
  // Firmware and advisories name products as the catalog in memory has them, not by a query of their own.
  const productNames = () => catalogSnapshot.productNames();
  const firmware = createFirmware({ db, write, watch: dataWatch, files, productNames });
  const advisoryAdmin = createAdvisoryAdmin({ db, write });
  const advisories = createAdvisoryReads({ db, watch: dataWatch, productNames });
  const attributeAdmin = createAttributeAdmin({ db, write });
  return {
    auth,
    people: admins,
    invitations: createInvitations({ db, sendMail, publicUrl }),
    auditLog: createAuditLog({ db }),
    revisions,
    catalog,
    summary: createCatalogCounts({ db }),
    infoItems: createInfoItemReads({ db, watch: dataWatch }),
    settings,
    synonyms,
    sitemap: createSitemap({ db, advisories, watch: dataWatch }),
    spreadsheets: createSpreadsheetReader({ files, logger }),
    categoryAdmin,
    productAdmin,
    downloadAdmin,
    infoItemAdmin,
    attributeAdmin,
    scheduler: createScheduler({ db, write }),
    catalogExport: createCatalogExport({ db }),
    catalogImport: createCatalogImport({ db, files, productAdmin, logger }),
    specConversion: createSpecConversion({ db, productAdmin }),
    firmware,
    advisoryAdmin,
    advisories,
    contact: createContact({
      db,
      write,
      catalog,
      sendMail,
      rateLimiter: createRateLimiter(db),
      contactAddress: async () => (await settings.getSiteSettings()).contactEmail,
      securityAddress: async () => (await settings.getSiteSettings()).securityEmail,
      publicUrl,
      logger,
    }),
    history: createHistory({
      revisions,
      // Each kind of record is restored by its own admin service (app/server/records).
      restorers: {
        product: productAdmin,
        category: categoryAdmin,
        download: downloadAdmin,
        "home-item": infoItemAdmin,
        settings,
        synonyms,
        firmware,
        attribute: attributeAdmin,
        advisory: advisoryAdmin,
      },
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
