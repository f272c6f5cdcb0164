import { errors, jwtVerify, SignJWT } from "jose";
import type { AppConfig } from "../config";
import { Unauthorized } from "../domain/errors";

const ISSUER = "viberead";
const AUDIENCE = "viberead-api";

export interface AccessTokenClaims {
  userId: number;
  jti: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  /** The user's session generation when the token was signed (0 for tokens from before the claim). */
  generation: number;
}

/** `generation`: the user's session generation, which a password change raises (ending every older token). */
export async function issueAccessToken(
  config: AppConfig,
  userId: number,
  now = Date.now(),
  generation = 0,
): Promise<string> {
  const issuedAt = Math.floor(now / 1000);
  return new SignJWT({ gen: generation })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(userId))
    .setJti(crypto.randomUUID())
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + config.tokenTtlSeconds)
    .sign(config.jwtSecret);
}

/** Verifies signature, algorithm, issuer, audience and expiry; every failure is a 401 with a plain reason. */
export async function verifyAccessToken(config: AppConfig, token: string): Promise<AccessTokenClaims> {
  try {
    const { payload } = await jwtVerify(token, config.jwtSecret, {
      algorithms: ["HS256"],
      issuer: ISSUER,
      audience: AUDIENCE,
    });
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId) || !payload.jti || !payload.exp) throw new Unauthorized("Invalid token");
    const generation = payload.gen ?? 0;
    if (!Number.isSafeInteger(generation)) throw new Unauthorized("Invalid token");
    return { userId, jti: payload.jti, expiresAt: payload.exp * 1000, generation: generation as number };
  } catch (error) {
    if (error instanceof Unauthorized) throw error;
    if (error instanceof errors.JWTExpired) throw new Unauthorized("Your session has expired. Please sign in again.");
    throw new Unauthorized("Invalid token");
  }
}
