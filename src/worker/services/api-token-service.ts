import type { AppConfig } from "../config";
import type { ApiTokenRecord, ApiTokensRepository } from "../db/repositories/api-tokens-repository";
import type { SessionsRepository } from "../db/repositories/sessions-repository";
import type { UserRecord, UsersRepository } from "../db/repositories/users-repository";
import { Conflict, NotFound, TooManyRequests, Unauthorized } from "../domain/errors";

/** Every personal API token starts with this, so it is recognisable in a config file or a leak scanner. */
export const API_TOKEN_PREFIX = "vr_";
/** A user with this many tokens must revoke one before creating another: keeps the settings list readable. */
export const MAX_API_TOKENS_PER_USER = 50;
/** last_used_at is written at most this often per token, so an API client does not cost a write per request. */
const LAST_USED_RESOLUTION_MS = 60_000;
/**
 * Failed API-token attempts share the login_failures table with failed sign-ins under this pseudo-email (no
 * real email can equal it), so one client address has one budget for guessing either.
 */
export const API_TOKEN_FAILURE_EMAIL = "(api token)";

export interface PublicApiToken {
  id: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

function toPublic(token: ApiTokenRecord): PublicApiToken {
  return {
    id: token.id,
    name: token.name,
    created_at: new Date(token.createdAt).toISOString(),
    last_used_at: token.lastUsedAt === null ? null : new Date(token.lastUsedAt).toISOString(),
  };
}

export function isApiToken(bearer: string): boolean {
  return bearer.startsWith(API_TOKEN_PREFIX);
}

async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function newSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const base64 = btoa(String.fromCharCode(...bytes));
  return API_TOKEN_PREFIX + base64.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

interface ApiTokenDeps {
  config: AppConfig;
  tokens: ApiTokensRepository;
  users: UsersRepository;
  sessions: SessionsRepository;
  now?: () => number;
}

export function createApiTokenService({ config, tokens, users, sessions, now = Date.now }: ApiTokenDeps) {
  return {
    async create(userId: number, name: string): Promise<PublicApiToken & { token: string }> {
      if ((await tokens.countForUser(userId)) >= MAX_API_TOKENS_PER_USER) {
        throw new Conflict(
          `You already have ${MAX_API_TOKENS_PER_USER} API tokens. Revoke one you no longer use first.`,
        );
      }
      const token = newSecret();
      const record = await tokens.insert(userId, name, await sha256Hex(token), now());
      return { ...toPublic(record), token };
    },

    async list(userId: number): Promise<PublicApiToken[]> {
      return (await tokens.listForUser(userId)).map(toPublic);
    },

    async revoke(userId: number, id: number): Promise<void> {
      if (!(await tokens.delete(userId, id))) throw new NotFound("API token not found");
    },

    /**
     * Resolves a `vr_` bearer token to its user. A wrong one counts as a failed sign-in from the client address;
     * past the login throttle's per-client threshold the answer is 429 instead of 401.
     */
    async authenticate(bearer: string, clientAddress: string): Promise<{ user: UserRecord; tokenId: number }> {
      const record = await tokens.findByHash(await sha256Hex(bearer));
      const user = record && (await users.findById(record.userId));
      if (!record || !user) {
        const { maxFailuresPerClient, windowMinutes } = config.loginThrottle;
        const at = now();
        const failures = await sessions.countLoginFailures(
          API_TOKEN_FAILURE_EMAIL,
          clientAddress,
          at - windowMinutes * 60_000,
        );
        if (failures.byClient >= maxFailuresPerClient) {
          throw new TooManyRequests(
            `Too many failed sign-in attempts. Please wait ${windowMinutes} minutes and try again.`,
            windowMinutes * 60,
          );
        }
        await sessions.recordLoginFailure(API_TOKEN_FAILURE_EMAIL, clientAddress, at);
        throw new Unauthorized("Invalid API token");
      }
      const at = now();
      if (record.lastUsedAt === null || record.lastUsedAt < at - LAST_USED_RESOLUTION_MS) {
        await tokens.touch(record.id, at, at - LAST_USED_RESOLUTION_MS);
      }
      return { user, tokenId: record.id };
    },
  };
}
export type ApiTokenService = ReturnType<typeof createApiTokenService>;
