import { eq } from "drizzle-orm";
import type { Database } from "../client";
import { users } from "../schema";

export interface UserRecord {
  id: number;
  email: string;
  passwordHash: string;
  createdAt: number;
}

export function createUsersRepository(db: Database) {
  return {
    async findByEmail(email: string): Promise<UserRecord | undefined> {
      return db.select().from(users).where(eq(users.email, email)).get();
    },

    async findById(id: number): Promise<UserRecord | undefined> {
      return db.select().from(users).where(eq(users.id, id)).get();
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
