import { eq } from "drizzle-orm";
import type { Database } from "../client";
import { emailAddresses, users } from "../schema";

export function createEmailAddressesRepository(db: Database) {
  return {
    async findToken(userId: number): Promise<string | undefined> {
      const row = await db
        .select({ token: emailAddresses.localToken })
        .from(emailAddresses)
        .where(eq(emailAddresses.userId, userId))
        .get();
      return row?.token;
    },

    /** Keeps an existing token: two first reads racing each other both answer with the one that won. */
    async insertIfAbsent(userId: number, token: string, now: number): Promise<string> {
      await db.insert(emailAddresses).values({ userId, localToken: token, createdAt: now }).onConflictDoNothing();
      const stored = await this.findToken(userId);
      if (!stored) throw new Error("email address row vanished after insert");
      return stored;
    },

    /** Replaces the user's token (or creates it): the old address stops matching anyone at once. */
    async replace(userId: number, token: string, now: number): Promise<void> {
      await db
        .insert(emailAddresses)
        .values({ userId, localToken: token, createdAt: now })
        .onConflictDoUpdate({ target: emailAddresses.userId, set: { localToken: token, createdAt: now } });
    },

    /** The owner of an address token, with the account email that mail to it must come from. */
    async findOwner(token: string): Promise<{ userId: number; email: string } | undefined> {
      return db
        .select({ userId: users.id, email: users.email })
        .from(emailAddresses)
        .innerJoin(users, eq(users.id, emailAddresses.userId))
        .where(eq(emailAddresses.localToken, token))
        .get();
    },
  };
}
export type EmailAddressesRepository = ReturnType<typeof createEmailAddressesRepository>;
