import type { AppConfig } from "../config";
import type { AccountRepository } from "../db/repositories/account-repository";
import type { ArticleBodiesRepository } from "../db/repositories/article-bodies-repository";
import type { SessionsRepository } from "../db/repositories/sessions-repository";
import type { UserRecord } from "../db/repositories/users-repository";
import { AppError, Forbidden, TooManyRequests } from "../domain/errors";
import { verifyPassword } from "../domain/password";
import type { VectorIndex } from "../ports/vector-index";

/** Article ids read, and vectors removed, per round trip. */
export const VECTOR_DELETE_BATCH = 100;

export const WRONG_PASSWORD = "Incorrect password. Nothing was deleted.";

interface AccountServiceDeps {
  /** The library's shard. */
  account: AccountRepository;
  /** The central database (the account, its sessions, tokens, email address, directory row); may be the same one. */
  centralAccount?: Pick<AccountRepository, "deleteEverything">;
  /** Article bodies and saved pages in R2, deleted by the user's prefix. */
  bodies: Pick<ArticleBodiesRepository, "deleteUser">;
  vectorIndex: VectorIndex;
  /** A wrong password here counts as a failed sign-in: guessing is throttled exactly as on /login. */
  sessions: Pick<SessionsRepository, "countLoginFailures" | "recordLoginFailure">;
  throttle: AppConfig["loginThrottle"];
  now?: () => number;
}

export function createAccountService({
  account,
  centralAccount,
  bodies,
  vectorIndex,
  sessions,
  throttle,
  now = Date.now,
}: AccountServiceDeps) {
  async function checkPassword(user: UserRecord, password: string, clientAddress: string): Promise<void> {
    const since = now() - throttle.windowMinutes * 60_000;
    const failures = await sessions.countLoginFailures(user.email, clientAddress, since);
    if (failures.byEmail >= throttle.maxFailuresPerEmail || failures.byClient >= throttle.maxFailuresPerClient) {
      throw new TooManyRequests(
        `Too many wrong passwords. Please wait ${throttle.windowMinutes} minutes and try again.`,
        throttle.windowMinutes * 60,
      );
    }
    if (!(await verifyPassword(password, user.passwordHash))) {
      await sessions.recordLoginFailure(user.email, clientAddress, now());
      throw new Forbidden(WRONG_PASSWORD);
    }
  }

  return {
    /**
     * Deletes the account and everything in it, once the password is confirmed. Vectors go first, through the
     * port: if the index cannot be reached nothing else is deleted, so a retry still knows which ids to remove.
     */
    async deleteAccount(
      user: UserRecord,
      password: string,
      clientAddress: string,
      outside: { revokeConnectedApps?: () => Promise<void> } = {},
    ): Promise<void> {
      await checkPassword(user, password, clientAddress);
      // OAuth grants live in KV, outside D1: revoked first, so a connected assistant loses access even if a
      // later step fails (a retry revokes nothing twice).
      await outside.revokeConnectedApps?.();
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
      // The library first, then the account: a failure between them leaves an account that can sign in and delete again.
      await account.deleteEverything(user.id, user.email);
      await centralAccount?.deleteEverything(user.id, user.email);
      // R2 after D1: the objects are found by the user's prefix, not by the rows, so the account is gone first (no
      // article left pointing to a deleted body) and the bodies after it, in pages of 1,000 keys.
      // The account is gone whatever happens here: a failure is logged, not answered as one (the objects left can no
      // longer be reached by anyone).
      await bodies.deleteUser(user.id).catch((error: unknown) => console.error("Body removal failed", user.id, error));
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
