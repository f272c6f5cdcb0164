import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * The single source of truth for the database. `npm run db:generate` turns changes here into SQL in
 * `migrations/`, which wrangler applies locally, in tests and in deploys.
 * Timestamps are epoch milliseconds, so SQL can shift them into a user's timezone arithmetically.
 */
export const users = sqliteTable("users", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** Trimmed and lower-cased, so uniqueness is case-insensitive. */
  email: text("email").notNull().unique(),
  /** `pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>` */
  passwordHash: text("password_hash").notNull(),
  createdAt: integer("created_at").notNull(),
});

/** Logged-out token ids, kept until the token would have expired anyway (the daily cron prunes them). */
export const revokedTokens = sqliteTable("revoked_tokens", {
  jti: text("jti").primaryKey(),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  expiresAt: integer("expires_at").notNull(),
});

/** Failed sign-ins, counted per email and per client address over a sliding window to throttle guessing. */
export const loginFailures = sqliteTable(
  "login_failures",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull(),
    clientAddress: text("client_address").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    index("login_failures_email_idx").on(t.email, t.createdAt),
    index("login_failures_client_idx").on(t.clientAddress, t.createdAt),
  ],
);

/** The local vector index (the embedded adapter behind the VectorIndex port). Scoped by user in every query. */
export const localVectors = sqliteTable(
  "local_vectors",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    itemId: text("item_id").notNull(),
    /** The embedding as a JSON array; D1 has no vector type and this index is for local use only. */
    vector: text("vector", { mode: "json" }).$type<number[]>().notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.itemId] })],
);
