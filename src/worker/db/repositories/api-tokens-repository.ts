import { and, count, desc, eq, isNull, lt, or } from "drizzle-orm";
import type { Database } from "../client";
import { apiTokens } from "../schema";

export interface ApiTokenRecord {
  id: number;
  userId: number;
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
}

const publicColumns = {
  id: apiTokens.id,
  userId: apiTokens.userId,
  name: apiTokens.name,
  createdAt: apiTokens.createdAt,
  lastUsedAt: apiTokens.lastUsedAt,
};

/** Personal API tokens; every query but the hash lookup is scoped to the user. The hash never leaves here. */
export function createApiTokensRepository(db: Database) {
  return {
    async insert(userId: number, name: string, tokenHash: string, createdAt: number): Promise<ApiTokenRecord> {
      const row = await db
        .insert(apiTokens)
        .values({ userId, name, tokenHash, createdAt })
        .returning(publicColumns)
        .get();
      return row;
    },

    async countForUser(userId: number): Promise<number> {
      const row = await db.select({ n: count() }).from(apiTokens).where(eq(apiTokens.userId, userId)).get();
      return row?.n ?? 0;
    },

    async listForUser(userId: number): Promise<ApiTokenRecord[]> {
      return db
        .select(publicColumns)
        .from(apiTokens)
        .where(eq(apiTokens.userId, userId))
        .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
    },

    async findByHash(tokenHash: string): Promise<ApiTokenRecord | undefined> {
      return db.select(publicColumns).from(apiTokens).where(eq(apiTokens.tokenHash, tokenHash)).get();
    },

    /** Returns whether a token of this user was deleted. */
    async delete(userId: number, id: number): Promise<boolean> {
      const deleted = await db
        .delete(apiTokens)
        .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId)))
        .returning({ id: apiTokens.id });
      return deleted.length > 0;
    },

    /** Sets last_used_at unless it was set after `staleBefore`, so a burst of requests writes once. */
    async touch(id: number, at: number, staleBefore: number): Promise<void> {
      await db
        .update(apiTokens)
        .set({ lastUsedAt: at })
        .where(and(eq(apiTokens.id, id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, staleBefore))));
    },
  };
}
export type ApiTokensRepository = ReturnType<typeof createApiTokensRepository>;
