import { and, count, eq, gte, lt } from "drizzle-orm";
import type { Database } from "../client";
import { loginFailures, revokedTokens } from "../schema";

/** Token revocation and failed-login bookkeeping: the state behind sign-in and sign-out. */
export function createSessionsRepository(db: Database) {
  return {
    async revokeToken(jti: string, userId: number, expiresAt: number): Promise<void> {
      await db.insert(revokedTokens).values({ jti, userId, expiresAt }).onConflictDoNothing();
    },

    async recordLoginFailure(email: string, clientAddress: string, at: number): Promise<void> {
      await db.insert(loginFailures).values({ email, clientAddress, createdAt: at });
    },

    async countLoginFailures(email: string, clientAddress: string, since: number) {
      const [byEmail, byClient] = await db.batch([
        db
          .select({ n: count() })
          .from(loginFailures)
          .where(and(eq(loginFailures.email, email), gte(loginFailures.createdAt, since))),
        db
          .select({ n: count() })
          .from(loginFailures)
          .where(and(eq(loginFailures.clientAddress, clientAddress), gte(loginFailures.createdAt, since))),
      ]);
      return { byEmail: byEmail[0]?.n ?? 0, byClient: byClient[0]?.n ?? 0 };
    },

    async clearLoginFailures(email: string): Promise<void> {
      await db.delete(loginFailures).where(eq(loginFailures.email, email));
    },

    /** Daily housekeeping: drop revocations of tokens that have expired and failures older than the window. */
    async pruneExpired(now: number, failuresBefore: number): Promise<void> {
      await db.batch([
        db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, now)),
        db.delete(loginFailures).where(lt(loginFailures.createdAt, failuresBefore)),
      ]);
    },
  };
}
export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
