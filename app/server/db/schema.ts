import { sql } from "drizzle-orm";
import { ROLES } from "../../domain/roles";
import { ATTRIBUTE_TYPES, COVERAGE_ROLES, type AttributeChoice, type SpecValue } from "../../domain/spec-attributes";
import type { LifecycleStage } from "../../domain/lifecycle-stages";
import type { RecordTranslations } from "../../domain/translations";
import { DOWNLOAD_KIND_VALUES } from "../../domain/download-kinds";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .defaultNow()
    .$onUpdate(() => new Date())
    .notNull(),
};

export const publicationStatuses = ["published", "draft", "scheduled"] as const;

/**
 * Whether visitors see the record: published, a draft, or scheduled to be published at `publish_at`
 * (the scheduler publishes it then). Only a scheduled record has a time.
 */
function publication() {
  return {
    status: text("status", { enum: publicationStatuses }).default("published").notNull(),
    publishAt: timestamp("publish_at", { withTimezone: true }),
  };
}

function publicationChecks(name: string, table: { status: AnyPgColumn; publishAt: AnyPgColumn }) {
  return [
    check(`${name}_status_check`, sql`${table.status} in ('published', 'draft', 'scheduled')`),
    check(`${name}_publish_at_check`, sql`(${table.status} = 'scheduled') = (${table.publishAt} is not null)`),
    index(`${name}_scheduled_idx`)
      .on(table.publishAt)
      .where(sql`${table.status} = 'scheduled'`),
  ];
}

/** A row that lives and dies with the row it belongs to. */
function partOf(name: string, owner: () => AnyPgColumn) {
  return uuid(name).notNull().references(owner, { onDelete: "cascade" });
}

/** A stored file the row needs: the file cannot go while the row points at it (see `files`). */
function storedFile(name: string) {
  return uuid(name)
    .notNull()
    .references(() => files.id, { onDelete: "restrict" });
}

/**
 * Every stored file. Rows elsewhere reference files with ON DELETE RESTRICT, so a file row can only
 * go once nothing points at it; its bytes leave storage after that transaction commits.
 */
export const files = pgTable(
  "files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    storageKey: text("storage_key").notNull().unique(),
    originalName: text("original_name").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    contentType: text("content_type").notNull(),
    sha256: text("sha256").notNull(),
    width: integer("width"),
    height: integer("height"),
    /** Uploaded but not yet referenced by a saved record; swept when old. */
    staged: boolean("staged").default(true).notNull(),
    /**
     * No record uses it any more, only revisions do (a restore may take it back): no longer served, so
     * a file replaced because it should not have been public stops being public.
     */
    retired: boolean("retired").default(false).notNull(),
    /**
     * Only a record visitors cannot see yet (a draft or scheduled one) uses it: served to signed-in
     * people alone, so a draft's pictures and files do not leak before it is published.
     */
    draft: boolean("draft").default(false).notNull(),
    uploadedBy: text("uploaded_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [index("files_staged_created_idx").on(table.staged, table.createdAt)],
);

export const categories = pgTable(
  "categories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description").default("").notNull(),
    /** The groups its features' filters are shown in, in order ("Resolution", "Lens"): see `categoryFeatures.group`. */
    featureGroups: text("feature_groups")
      .array()
      .default(sql`'{}'::text[]`)
      .notNull(),
    /**
     * Its address in /catalog/categories/{slug}, made from the name when it is created (the database's
     * `assign_slug` trigger fills an empty one) and kept when the name changes, so links stay good.
     */
    slug: text("slug").default("").notNull(),
    version: integer("version").default(1).notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("categories_name_lower_idx").on(sql`lower(${table.name})`),
    uniqueIndex("categories_slug_idx").on(table.slug),
  ],
);

export const categoryFeatures = pgTable(
  "category_features",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    categoryId: partOf("category_id", () => categories.id),
    label: text("label").notNull(),
    /**
     * One of its category's `featureGroups`, or "" for none. Choices within a group are "any of",
     * groups "all of" (decision 068).
     */
    group: text("group_name").default("").notNull(),
  },
  (table) => [index("category_features_category_idx").on(table.categoryId)],
);

/**
 * The library of specification attributes (decision 070): what a product's typed values are of. A
 * number's and a range's values are kept in the attribute's unit.
 */
export const specAttributes = pgTable(
  "spec_attributes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** Its name in a filter's address; made from the name when created and kept (see `categories.slug`). */
    slug: text("slug").default("").notNull(),
    group: text("group_name").default("").notNull(),
    type: text("type", { enum: ATTRIBUTE_TYPES }).notNull(),
    /** One of app/domain/units.ts's kept units, or none. */
    unit: text("unit"),
    precision: integer("precision").default(0).notNull(),
    /** A choice's values in order, each with the id products' values name it by. */
    choices: jsonb("choices").$type<AttributeChoice[]>().default([]).notNull(),
    multiple: boolean("multiple").default(false).notNull(),
    /** What the coverage calculator reads from it (decision 071), if anything: one attribute a role. */
    coverageRole: text("coverage_role", { enum: COVERAGE_ROLES }),
    version: integer("version").default(1).notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("spec_attributes_name_lower_idx").on(sql`lower(${table.name})`),
    uniqueIndex("spec_attributes_slug_idx").on(table.slug),
    uniqueIndex("spec_attributes_coverage_role_idx").on(table.coverageRole),
    check(
      "spec_attributes_coverage_role_check",
      sql`${table.coverageRole} in ('horizontal-pixels', 'horizontal-field-of-view', 'sensor-width', 'focal-length')`,
    ),
    check("spec_attributes_type_check", sql`${table.type} in ('number', 'range', 'choice', 'boolean', 'text')`),
    check("spec_attributes_precision_check", sql`${table.precision} between 0 and 4`),
  ],
);

/**
 * The attributes a category's products have, in the order its pages show them: whether the product
 * form requires one, and whether the category's page filters by it (decision 070).
 */
export const categoryAttributes = pgTable(
  "category_attributes",
  {
    categoryId: partOf("category_id", () => categories.id),
    attributeId: uuid("attribute_id")
      .notNull()
      .references(() => specAttributes.id, { onDelete: "restrict" }),
    position: integer("position").notNull(),
    required: boolean("required").default(false).notNull(),
    filter: boolean("filter").default(false).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.categoryId, table.attributeId] }),
    index("category_attributes_attribute_idx").on(table.attributeId),
  ],
);

export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    model: text("model").notNull(),
    /** What it is in words, shown beside the model ("4MP Starlight AI Dome Camera"); empty: none. */
    name: text("name").default("").notNull(),
    /** Its address in /catalog/products/{slug}: made from the model when it is created and kept (see `categories.slug`). */
    slug: text("slug").default("").notNull(),
    description: text("description").default("").notNull(),
    specs: text("specs"),
    /** Rows of cells from the first sheet of an uploaded spreadsheet. */
    specsTable: jsonb("specs_table").$type<string[][]>(),
    ndaa: boolean("ndaa").default(true).notNull(),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    imageFileId: storedFile("image_file_id"),
    /** The main image's description for people who cannot see it; empty: the model names it. */
    imageAlt: text("image_alt").default("").notNull(),
    /** Its texts in the site's other languages, by language and field (decision 094). */
    translations: jsonb("translations").$type<RecordTranslations>().default({}).notNull(),
    ...publication(),
    /** Where it is in its life, and its support (`LifecycleFields`, decision 072); days are ISO dates. */
    lifecycle: text("lifecycle").$type<LifecycleStage>().default("active").notNull(),
    endOfSaleOn: date("end_of_sale_on", { mode: "string" }),
    discontinuedOn: date("discontinued_on", { mode: "string" }),
    firmwareUntil: date("firmware_until", { mode: "string" }),
    repairsUntil: date("repairs_until", { mode: "string" }),
    version: integer("version").default(1).notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("products_model_lower_idx").on(sql`lower(${table.model})`),
    uniqueIndex("products_slug_idx").on(table.slug),
    index("products_category_idx").on(table.categoryId),
    ...publicationChecks("products", table),
    check("products_lifecycle_check", sql`${table.lifecycle} in ('active', 'end-of-sale', 'discontinued')`),
    check(
      "products_lifecycle_days_check",
      sql`(${table.lifecycle} <> 'end-of-sale' or ${table.endOfSaleOn} is not null)
        and (${table.lifecycle} <> 'discontinued' or ${table.discontinuedOn} is not null)`,
    ),
  ],
);

/** A retiring product's recommended replacements, in their order (decision 072). */
export const productReplacements = pgTable(
  "product_replacements",
  {
    productId: partOf("product_id", () => products.id),
    replacementId: partOf("replacement_id", () => products.id),
    position: integer("position").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.replacementId] }),
    index("product_replacements_replacement_idx").on(table.replacementId),
    check("product_replacements_other", sql`${table.productId} <> ${table.replacementId}`),
  ],
);

export const productFeatures = pgTable(
  "product_features",
  {
    productId: partOf("product_id", () => products.id),
    featureId: partOf("feature_id", () => categoryFeatures.id),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.featureId] }),
    index("product_features_feature_idx").on(table.featureId),
  ],
);

/** A product's value of one of its category's attributes, in the attribute's unit (`SpecValue`, decision 070). */
export const productSpecValues = pgTable(
  "product_spec_values",
  {
    productId: partOf("product_id", () => products.id),
    attributeId: partOf("attribute_id", () => specAttributes.id),
    value: jsonb("value").$type<SpecValue>().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.attributeId] }),
    index("product_spec_values_attribute_idx").on(table.attributeId),
  ],
);

/** One row per pair, smaller id first: the relation is two-way by construction. */
export const productAccessories = pgTable(
  "product_accessories",
  {
    productA: partOf("product_a", () => products.id),
    productB: partOf("product_b", () => products.id),
  },
  (table) => [
    primaryKey({ columns: [table.productA, table.productB] }),
    index("product_accessories_b_idx").on(table.productB),
    check("product_accessories_ordered", sql`${table.productA} < ${table.productB}`),
  ],
);

export const productImages = pgTable(
  "product_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: partOf("product_id", () => products.id),
    fileId: storedFile("file_id"),
    /** This image's description on this product (the same file could be described otherwise elsewhere). */
    alt: text("alt").default("").notNull(),
    position: integer("position").notNull(),
  },
  (table) => [index("product_images_product_idx").on(table.productId, table.position)],
);

/** What a download is (app/domain/download-kinds.ts): one of its values. */
const downloadKind = () => text("kind", { enum: DOWNLOAD_KIND_VALUES }).default("other").notNull();

function downloadKindCheck(table: string, columns: { kind: AnyPgColumn }) {
  const values = sql.raw(DOWNLOAD_KIND_VALUES.map((value) => `'${value}'`).join(", "));
  return check(`${table}_kind_check`, sql`${columns.kind} in (${values})`);
}

export const productDownloads = pgTable(
  "product_downloads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: partOf("product_id", () => products.id),
    fileId: storedFile("file_id"),
    description: text("description").default("").notNull(),
    kind: downloadKind(),
    position: integer("position").notNull(),
  },
  (table) => [
    index("product_downloads_product_idx").on(table.productId, table.position),
    downloadKindCheck("product_downloads", table),
  ],
);

export const downloads = pgTable(
  "downloads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    description: text("description").notNull(),
    kind: downloadKind(),
    fileId: storedFile("file_id"),
    ...publication(),
    version: integer("version").default(1).notNull(),
    ...timestamps,
  },
  (table) => [...publicationChecks("downloads", table), downloadKindCheck("downloads", table)],
);

export const infoItemTypes = ["banner", "card", "image", "slide"] as const;
export type InfoItemType = (typeof infoItemTypes)[number];

export const infoItems = pgTable(
  "info_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    type: text("type", { enum: infoItemTypes }).notNull(),
    heading: text("heading"),
    content: text("content"),
    imageFileId: uuid("image_file_id").references(() => files.id, { onDelete: "restrict" }),
    /** The image's description; empty for none (the page then treats the picture as decoration). */
    imageAlt: text("image_alt").default("").notNull(),
    /** Where "Read more" (a slide's button) leads: a path of this site ("/catalog") or a web address; none without. */
    link: text("link"),
    /** A slide's button's words. */
    linkLabel: text("link_label"),
    /** A slide's short line above its heading. */
    eyebrow: text("eyebrow"),
    /** The day the item is dated: /news lists items by it, newest first, and its feed publishes it. */
    datedOn: date("dated_on", { mode: "string" })
      .default(sql`current_date`)
      .notNull(),
    /** Off the home page, an item stays on /news and in its feed. */
    onHomePage: boolean("on_home_page").default(true).notNull(),
    /** "Move to top" sets this to now; the home page lists items by it, newest first. */
    sortAt: timestamp("sort_at", { withTimezone: true }).defaultNow().notNull(),
    ...publication(),
    version: integer("version").default(1).notNull(),
    ...timestamps,
  },
  (table) => [
    index("info_items_sort_idx").on(table.sortAt),
    check("info_items_link_check", sql`${table.link} is null or ${table.link} <> ''`),
    check("info_items_type_check", sql`${table.type} in ('banner', 'card', 'image', 'slide')`),
    ...publicationChecks("info_items", table),
  ],
);

/**
 * A counter per table that in-process state derives from: a statement trigger moves it on with every
 * insert, update, delete or truncate, whoever runs it (drizzle/0003_catalog_versions.sql).
 */
export const catalogVersions = pgTable("catalog_versions", {
  name: text("name").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(0),
});

/**
 * What each committed change of the catalog touched, by the catalog's version it committed as
 * (drizzle/0018_catalog_changes.sql): a product or a category by id, or everything (a table emptied).
 * Triggers write it whoever writes; each server's snapshot reads what it has not applied yet.
 */
export const catalogChanges = pgTable(
  "catalog_changes",
  {
    version: bigint("version", { mode: "number" }).notNull(),
    kind: text("kind", { enum: ["product", "category", "everything"] }).notNull(),
    /** The product's or category's id; the nil id for everything. */
    recordId: uuid("record_id").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.version, table.kind, table.recordId] }),
    index("catalog_changes_at_idx").on(table.at),
  ],
);

/** Site-wide settings, one row per key; values are validated by the settings service. */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  ...timestamps,
});

/**
 * The owner's search synonyms (decision 067): each row a set of phrases that mean the same ("LPR",
 * "license plate"), in the order the owner wrote them. Saved whole, each save over the last.
 */
export const searchSynonyms = pgTable("search_synonyms", {
  id: uuid("id").primaryKey().defaultRandom(),
  phrases: jsonb("phrases").$type<string[]>().notNull(),
  position: integer("position").notNull(),
  ...timestamps,
});

/**
 * How people must sign in, as the owners set it on People (decision 076): one row. Read with every
 * dashboard request, so that a change holds on every instance at once.
 */
export const signInPolicy = pgTable("sign_in_policy", {
  id: integer("id").primaryKey().default(1),
  requireTwoFactor: boolean("require_two_factor").default(false).notNull(),
  /** E-mail domains whose people single sign-on may make editors of, uninvited (decision 080). */
  ssoDomains: text("sso_domains")
    .array()
    .default(sql`'{}'::text[]`)
    .notNull(),
  /** False when the owners turned signing in with a password off for single sign-on (decision 080). */
  passwordSignIn: boolean("password_sign_in").default(true).notNull(),
  ...timestamps,
});

/** Facts every instance of one site shares: the generated session secret and its check value. */
export const deployment = pgTable("deployment", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

/** Fixed-window counters for sign-in attempts, shared by every instance. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
  /** The latest hit: back-off is measured from it. */
  lastAt: timestamp("last_at", { withTimezone: true }).defaultNow().notNull(),
});

// better-auth tables. Written by hand because its schema generator needs a newer Node.

export const user = pgTable(
  "user",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").default(false).notNull(),
    image: text("image"),
    /** What the person may do (docs/requirements.md, People); never set through the sign-in library. */
    role: text("role", { enum: ROLES }).default("editor").notNull(),
    /** Whether signing in asks for a second factor after the password (the sign-in library sets it). */
    twoFactorEnabled: boolean("two_factor_enabled").default(false).notNull(),
    ...timestamps,
  },
  (table) => [check("user_role_check", sql`${table.role} in ('owner', 'editor')`)],
);

/**
 * A person's authenticator-app key and single-use recovery codes, as the sign-in library's two-factor
 * plugin keeps them (encrypted with the site's secret). One row a person.
 */
export const twoFactor = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    verified: boolean("verified").default(true).notNull(),
    failedVerificationCount: integer("failed_verification_count").default(0).notNull(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (table) => [uniqueIndex("two_factor_user_idx").on(table.userId)],
);

/**
 * A person's passkeys (WebAuthn credentials), as the sign-in library's passkey plugin keeps them: the
 * public key and signature counter it checks a sign-in with, and the name the person gave it.
 */
export const passkey = pgTable(
  "passkey",
  {
    id: text("id").primaryKey(),
    name: text("name"),
    publicKey: text("public_key").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    credentialID: text("credential_id").notNull(),
    counter: integer("counter").notNull(),
    deviceType: text("device_type").notNull(),
    backedUp: boolean("backed_up").notNull(),
    transports: text("transports"),
    createdAt: timestamp("created_at", { withTimezone: true }),
    aaguid: text("aaguid"),
    /** When it last signed its person in or confirmed them, for the account page (ours, not the plugin's). */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (table) => [index("passkey_user_idx").on(table.userId), uniqueIndex("passkey_credential_idx").on(table.credentialID)],
);

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** When the session was last used, to five minutes (the account page's "Last seen"). */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }),
    /** When its person last typed their password again to confirm a sensitive action (decision 076). */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /** "sso" for a session single sign-on made, "passkey" for one a passkey made; null for the password (decision 080). */
    signedInWith: text("signed_in_with"),
    ...timestamps,
  },
  (table) => [index("session_user_idx").on(table.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    ...timestamps,
  },
  (table) => [index("account_user_idx").on(table.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [index("verification_identifier_idx").on(table.identifier)],
);

/**
 * An invitation to the dashboard: single use, for one address and role. Only the token's SHA-256 is
 * kept, so the table alone (a backup, a leaked dump) lets nobody in.
 */
export const invitations = pgTable(
  "invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    role: text("role", { enum: ROLES }).notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: text("invited_by").references(() => user.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    uniqueIndex("invitations_email_idx").on(table.email),
    check("invitations_role_check", sql`${table.role} in ('owner', 'editor')`),
  ],
);

/**
 * What was done, by whom, from where. Rows are only ever added: a trigger refuses every update and
 * delete (drizzle/0010_people_and_audit.sql). The person is copied by address as well as id, so an
 * entry still names someone removed since.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    at: timestamp("at", { withTimezone: true })
      .default(sql`clock_timestamp()`)
      .notNull(),
    actorId: text("actor_id"),
    actorEmail: text("actor_email"),
    clientAddress: text("client_address"),
    kind: text("kind").notNull(),
    recordType: text("record_type"),
    recordId: text("record_id"),
    recordLabel: text("record_label"),
    details: jsonb("details").$type<Record<string, string>>(),
  },
  (table) => [
    index("audit_log_at_idx").on(table.at),
    index("audit_log_actor_idx").on(table.actorEmail, table.at),
    index("audit_log_record_idx").on(table.recordId),
  ],
);

/**
 * A record as one save left it: who, when, and its whole state (files by id, kept by revision_files).
 * Numbered per record from 1; the last one of a deleted record is its "deleted" revision, from which
 * Recently deleted restores it.
 */
export const revisions = pgTable(
  "revisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    recordType: text("record_type").notNull(),
    recordId: text("record_id").notNull(),
    number: integer("number").notNull(),
    kind: text("kind").notNull(),
    at: timestamp("at", { withTimezone: true })
      .default(sql`clock_timestamp()`)
      .notNull(),
    actorId: text("actor_id"),
    actorEmail: text("actor_email"),
    /** The record's name at the time, for lists that show revisions of records no longer there. */
    label: text("label").notNull(),
    state: jsonb("state").notNull(),
  },
  (table) => [
    uniqueIndex("revisions_record_number_idx").on(table.recordType, table.recordId, table.number),
    index("revisions_kind_at_idx").on(table.kind, table.at),
  ],
);

/** The stored files a revision needs: a file stays while any revision (or record) points at it. */
export const revisionFiles = pgTable(
  "revision_files",
  {
    revisionId: partOf("revision_id", () => revisions.id),
    fileId: storedFile("file_id"),
  },
  (table) => [
    primaryKey({ columns: [table.revisionId, table.fileId] }),
    index("revision_files_file_idx").on(table.fileId),
  ],
);

export const inboxBoxes = ["contact", "security", "accessibility"] as const;

/**
 * What visitors wrote through the contact form or reported as a vulnerability: mailed to the contact
 * or the security address and kept here, the dashboard's inbox (one box each). `product` is the model
 * they named, as they named it (linked while it exists).
 */

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    company: text("company").default("").notNull(),
    product: text("product").default("").notNull(),
    productId: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    message: text("message").notNull(),
    /**
     * Which inbox it is in: the contact form's, the product security team's (vulnerability reports) or
     * the accessibility barriers visitors reported.
     */
    box: text("box", { enum: inboxBoxes }).default("contact").notNull(),
    /** A vulnerability report's firmware version, as the reporter wrote it. */
    firmwareVersion: text("firmware_version").default("").notNull(),
    /** How a vulnerability's reporter wishes to be credited in the advisory ("" for not at all). */
    credit: text("credit").default("").notNull(),
    /** Where a visitor met an accessibility barrier: the page's address as they gave it. */
    pageAddress: text("page_address").default("").notNull(),
    /** The browser and assistive technology an accessibility report was made with, as written. */
    assistiveTechnology: text("assistive_technology").default("").notNull(),
    clientAddress: text("client_address"),
    /** Whether the mail to the contact address went out (the inbox has the message either way). */
    mailed: boolean("mailed").default(false).notNull(),
    /** Whether a vulnerability's reporter was mailed the acknowledgment. */
    acknowledged: boolean("acknowledged").default(false).notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    index("contact_messages_box_created_idx").on(table.box, table.createdAt),
    check("contact_messages_box_check", sql`${table.box} in ('contact', 'security', 'accessibility')`),
  ],
);

export const firmwareChannels = ["stable", "beta"] as const;

/**
 * A firmware release: its version as the maker names it (`release_version`; `version` is the row's
 * edit counter, as on every table), the day it came out, its channel, release notes in Markdown and
 * the file. It belongs to one or more products (firmware_products).
 */
export const firmwareReleases = pgTable(
  "firmware_releases",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    releaseVersion: text("release_version").notNull(),
    releasedOn: text("released_on").notNull(),
    channel: text("channel", { enum: firmwareChannels }).notNull(),
    notes: text("notes").default("").notNull(),
    fileId: storedFile("file_id"),
    /** Its software bill of materials (decision 074), checked to be CycloneDX or SPDX JSON on upload. */
    sbomFileId: uuid("sbom_file_id").references(() => files.id, { onDelete: "restrict" }),
    /** What the SBOM is, as its page names it ("CycloneDX 1.6", "SPDX 2.3"); "" without one. */
    sbomFormat: text("sbom_format").default("").notNull(),
    ...publication(),
    version: integer("version").default(1).notNull(),
    ...timestamps,
  },
  (table) => [
    check("firmware_releases_sbom_check", sql`(${table.sbomFileId} is null) = (${table.sbomFormat} = '')`),
    check("firmware_releases_channel_check", sql`${table.channel} in ('stable', 'beta')`),
    check("firmware_releases_released_on_check", sql`${table.releasedOn} ~ '^\\d{4}-\\d{2}-\\d{2}$'`),
    index("firmware_releases_released_idx").on(table.releasedOn),
    ...publicationChecks("firmware_releases", table),
  ],
);

export const firmwareProducts = pgTable(
  "firmware_products",
  {
    releaseId: partOf("release_id", () => firmwareReleases.id),
    productId: partOf("product_id", () => products.id),
  },
  (table) => [
    primaryKey({ columns: [table.releaseId, table.productId] }),
    index("firmware_products_product_idx").on(table.productId),
  ],
);

export const advisoryStatuses = ["interim", "final"] as const;

/**
 * A security advisory (decision 075): its id as the maker names it (`tracking_id`, "VSA-2026-004"),
 * its texts, CVE ids, CVSS base vectors ("" for none; scored when read), and its publication: a draft
 * is under embargo, a scheduled one is published at its disclosure time.
 */
export const advisories = pgTable(
  "advisories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    trackingId: text("tracking_id").notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull(),
    details: text("details").default("").notNull(),
    cveIds: jsonb("cve_ids").$type<string[]>().default([]).notNull(),
    cvssV31: text("cvss_v31").default("").notNull(),
    cvssV40: text("cvss_v40").default("").notNull(),
    workaround: text("workaround").default("").notNull(),
    /** One name a line, as each asked to be credited. */
    acknowledgments: text("acknowledgments").default("").notNull(),
    advisoryStatus: text("advisory_status", { enum: advisoryStatuses }).default("final").notNull(),
    /** The note the next publication's revision gets ("Initial release." for the first). */
    pendingNote: text("pending_note").default("").notNull(),
    ...publication(),
    version: integer("version").default(1).notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("advisories_tracking_id_idx").on(table.trackingId),
    check("advisories_advisory_status_check", sql`${table.advisoryStatus} in ('interim', 'final')`),
    ...publicationChecks("advisories", table),
  ],
);

/** A product an advisory concerns: its affected versions (a `vers` range's constraints) and its fix. */
export const advisoryProducts = pgTable(
  "advisory_products",
  {
    advisoryId: partOf("advisory_id", () => advisories.id),
    productId: partOf("product_id", () => products.id),
    affectedVersions: text("affected_versions").notNull(),
    fixedReleaseId: uuid("fixed_release_id").references(() => firmwareReleases.id, { onDelete: "set null" }),
    position: integer("position").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.advisoryId, table.productId] }),
    index("advisory_products_product_idx").on(table.productId),
  ],
);

/**
 * An advisory's published revisions, its own history as CSAF's `tracking.revision_history` and the
 * feeds give it: one each time it is published, with a note. Never edited.
 */
export const advisoryRevisions = pgTable(
  "advisory_revisions",
  {
    advisoryId: partOf("advisory_id", () => advisories.id),
    number: integer("number").notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }).defaultNow().notNull(),
    note: text("note").notNull(),
  },
  (table) => [primaryKey({ columns: [table.advisoryId, table.number] })],
);
