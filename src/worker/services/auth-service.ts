import type { AppConfig } from "../config";
import type { SessionsRepository } from "../db/repositories/sessions-repository";
import type { UserRecord, UsersRepository } from "../db/repositories/users-repository";
import { Conflict, Forbidden, InvalidInput, TooManyRequests, Unauthorized } from "../domain/errors";
import { decoyPasswordHash, hashPassword, verifyPassword } from "../domain/password";
import { issueAccessToken, verifyAccessToken } from "./token-service";

export interface PublicUser {
  id: number;
  email: string;
  created_at: string;
}

export interface AuthSession {
  access_token: string;
  token_type: "bearer";
  user: PublicUser;
}

export function toPublicUser(user: UserRecord): PublicUser {
  return { id: user.id, email: user.email, created_at: new Date(user.createdAt).toISOString() };
}

interface AuthDeps {
  config: AppConfig;
  users: UsersRepository;
  sessions: SessionsRepository;
  /** Picks the new user's shard and records it in the directory (db/shards.ts). */
  assignShard?: (userId: number) => Promise<unknown>;
  now?: () => number;
}

export function createAuthService({ config, users, sessions, assignShard, now = Date.now }: AuthDeps) {
  async function sessionFor(user: UserRecord): Promise<AuthSession> {
    return {
      access_token: await issueAccessToken(config, user.id, now(), user.sessionGeneration),
      token_type: "bearer",
      user: toPublicUser(user),
    };
  }

  async function assertNotThrottled(email: string, clientAddress: string): Promise<void> {
    const { maxFailuresPerEmail, maxFailuresPerClient, windowMinutes } = config.loginThrottle;
    const since = now() - windowMinutes * 60_000;
    const failures = await sessions.countLoginFailures(email, clientAddress, since);
    if (failures.byEmail >= maxFailuresPerEmail || failures.byClient >= maxFailuresPerClient) {
      throw new TooManyRequests(
        `Too many failed sign-in attempts. Please wait ${windowMinutes} minutes and try again.`,
        windowMinutes * 60,
      );
    }
  }

  return {
    async register(email: string, password: string): Promise<AuthSession> {
      if (await users.findByEmail(email)) throw new Conflict("An account with this email already exists");
      const user = await users.insert(email, await hashPassword(password), now());
      if (!user) throw new Conflict("An account with this email already exists");
      await assignShard?.(user.id);
      return sessionFor(user);
    },

    async login(email: string, password: string, clientAddress: string): Promise<AuthSession> {
      await assertNotThrottled(email, clientAddress);
      const user = await users.findByEmail(email);
      // Verify against a decoy when the account is unknown, so timing does not reveal which emails exist.
      const valid = await verifyPassword(password, user?.passwordHash ?? (await decoyPasswordHash()));
      if (!user || !valid) {
        await sessions.recordLoginFailure(email, clientAddress, now());
        throw new Unauthorized("Incorrect email or password");
      }
      await sessions.clearLoginFailures(email);
      return sessionFor(user);
    },

    /** Resolves a bearer token to its user; revoked tokens and deleted users are rejected. */
    async authenticate(token: string): Promise<{ user: UserRecord; jti: string; expiresAt: number }> {
      const claims = await verifyAccessToken(config, token);
      const found = await users.findForToken(claims.userId, claims.jti);
      if (!found) throw new Unauthorized("Invalid token");
      const { revoked, ...user } = found;
      if (revoked) throw new Unauthorized("Your session has ended. Please sign in again.");
      if (claims.generation !== user.sessionGeneration) {
        throw new Unauthorized("Your password was changed. Please sign in again.");
      }
      return { user, jti: claims.jti, expiresAt: claims.expiresAt };
    },

    /**
     * Changes the password once the current one is confirmed (a wrong one counts as a failed sign-in, throttled
     * as on /login, and answers 403, not 401, so the app does not sign out). Every web session ends, this one
     * too: the answer is a new session for the device that made the change. API tokens and connected apps are
     * separate grants, listed and revoked in Settings, and keep working (docs/decisions.md).
     */
    async changePassword(
      user: UserRecord,
      currentPassword: string,
      newPassword: string,
      clientAddress: string,
    ): Promise<AuthSession> {
      await assertNotThrottled(user.email, clientAddress);
      if (!(await verifyPassword(currentPassword, user.passwordHash))) {
        await sessions.recordLoginFailure(user.email, clientAddress, now());
        throw new Forbidden("The current password is not correct. Nothing was changed.");
      }
      if (newPassword === currentPassword) {
        throw new InvalidInput("new_password: must differ from the current password");
      }
      const generation = await users.changePassword(user.id, await hashPassword(newPassword));
      if (generation === undefined) throw new Unauthorized("Invalid token");
      return sessionFor({ ...user, sessionGeneration: generation });
    },

    async logout(userId: number, jti: string, expiresAt: number): Promise<void> {
      await sessions.revokeToken(jti, userId, expiresAt);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
