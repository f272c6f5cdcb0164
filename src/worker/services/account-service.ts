import type { AccountRepository } from "../db/repositories/account-repository";
import type { UserRecord } from "../db/repositories/users-repository";
import { AppError, Forbidden } from "../domain/errors";
import { verifyPassword } from "../domain/password";
import type { VectorIndex } from "../ports/vector-index";

/** Article ids read, and vectors removed, per round trip. */
export const VECTOR_DELETE_BATCH = 100;

export const WRONG_PASSWORD = "Incorrect password. Nothing was deleted.";

interface AccountServiceDeps {
  account: AccountRepository;
  vectorIndex: VectorIndex;
}

export function createAccountService({ account, vectorIndex }: AccountServiceDeps) {
  return {
    /**
     * Deletes the account and everything in it, once the password is confirmed. Vectors go first, through the
     * port: if the index cannot be reached nothing else is deleted, so a retry still knows which ids to remove.
     */
    async deleteAccount(user: UserRecord, password: string): Promise<void> {
      if (!(await verifyPassword(password, user.passwordHash))) throw new Forbidden(WRONG_PASSWORD);
      let afterId = 0;
      for (;;) {
        const ids = await account.articleIdsAfter(user.id, afterId, VECTOR_DELETE_BATCH);
        if (ids.length === 0) break;
        try {
          await vectorIndex.remove(
            user.id,
            ids.map((id) => String(id)),
          );
        } catch (error) {
          console.error("Vector removal failed during account deletion", error);
          throw new AppError(503, "Your account could not be deleted right now. Nothing was deleted; try again.");
        }
        afterId = ids.at(-1) as number;
      }
      await account.deleteEverything(user.id, user.email);
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
