import { eq, getTableColumns, sql } from "drizzle-orm";
import type { Database } from "../client";
import { revokedTokens, users } from "../schema";

export interface UserRecord {
  id: number;
  email: string;
  passwordHash: string;
  createdAt: number;
  /** Raised by each password change; web sessions signed with another value are refused. */
  sessionGeneration: number;
}

export function createUsersRepository(db: Database) {
  return {
    async findByEmail(email: string): Promise<UserRecord | undefined> {
      return db.select().from(users).where(eq(users.email, email)).get();
    },

    async findById(id: number): Promise<UserRecord | undefined> {
      return db.select().from(users).where(eq(users.id, id)).get();
    },

    /**
     * The token's user and whether the token was revoked, in one round trip: every authenticated request
     * pays for this lookup.
     */
    async findForToken(id: number, jti: string): Promise<(UserRecord & { revoked: boolean }) | undefined> {
      const row = await db
        .select({
          ...getTableColumns(users),
          revoked: sql<number>`exists(select 1 from ${revokedTokens} where ${revokedTokens.jti} = ${jti})`,
        })
        .from(users)
        .where(eq(users.id, id))
        .get();
      return row && { ...row, revoked: Boolean(row.revoked) };
    },

    /**
     * Stores a new password hash and raises the session generation in one statement, answering the new
     * generation (undefined when the user is gone).
     */
    async changePassword(id: number, passwordHash: string): Promise<number | undefined> {
      const row = await db
        .update(users)
        .set({ passwordHash, sessionGeneration: sql`${users.sessionGeneration} + 1` })
        .where(eq(users.id, id))
        .returning({ generation: users.sessionGeneration })
        .get();
      return row?.generation;
    },

    /** Returns undefined when the email is taken (the unique index decides, so two racing sign-ups cannot both win). */
    async insert(email: string, passwordHash: string, createdAt: number): Promise<UserRecord | undefined> {
      return db
        .insert(users)
        .values({ email, passwordHash, createdAt })
        .onConflictDoNothing({ target: users.email })
        .returning()
        .get();
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
