import { AsyncLocalStorage } from "node:async_hooks";
import { OAuthError, type OAuthHelpers, type TokenExchangeCallbackOptions } from "@cloudflare/workers-oauth-provider";

/**
 * Refresh tokens are single-use (RFC 9700 §4.14.2). The provider rotates them but keeps the previous one valid
 * until its replacement is used, and never notices a reuse. So the token endpoint is wrapped: a refresh token
 * that has been rotated is remembered (its SHA-256, never the token) with the grant it belongs to, and one
 * presented again revokes that grant, so whichever of the client and a thief holds the newer token loses it too.
 * A refresh that asks for a scope the grant does not hold answers invalid_scope (RFC 6749 §6) instead of being
 * quietly narrowed.
 */
const ROTATED_PREFIX = "viberead:rotated-refresh:";

interface RefreshContext {
  requestedScope: string[] | undefined;
  grant?: { userId: string; grantId: string };
}

const refreshRequests = new AsyncLocalStorage<RefreshContext>();

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function tokenError(error: string, description: string): Response {
  return Response.json(
    { error, error_description: description, detail: description },
    { status: 400, headers: { "Cache-Control": "no-store", Pragma: "no-cache" } },
  );
}

/**
 * The provider's `tokenExchangeCallback`, for refreshes inside `handleRefresh`: refuses a wider scope and notes
 * which grant the token belongs to. Changes nothing else (no new props, the configured lifetimes).
 */
export function onTokenExchange(options: TokenExchangeCallbackOptions<Env>): undefined {
  const context = refreshRequests.getStore();
  if (options.grantType !== "refresh_token" || !context) return undefined;
  const wider = context.requestedScope?.filter((scope) => !options.scope.includes(scope)) ?? [];
  if (wider.length > 0) {
    throw new OAuthError("invalid_scope", {
      description: `The connection was not granted ${wider.join(" ")}: ask the user to approve it again`,
    });
  }
  context.grant = { userId: options.userId, grantId: options.grantId };
  return undefined;
}

/**
 * A token request (already read into memory by the Worker's guard). Refresh grants get the reuse check and the
 * scope check; every other request goes to the provider as it is.
 */
export async function handleTokenRequest(
  request: Request,
  env: Env,
  helpers: OAuthHelpers,
  forward: (request: Request) => Promise<Response>,
  refreshTokenTtlSeconds: number,
): Promise<Response> {
  const isForm = /^application\/x-www-form-urlencoded\b/i.test(request.headers.get("content-type") ?? "");
  const form =
    request.method === "POST" && isForm
      ? new URLSearchParams(new TextDecoder().decode(await request.clone().arrayBuffer()))
      : null;
  const refreshToken = form?.get("grant_type") === "refresh_token" ? form.get("refresh_token") : null;
  if (!form || !refreshToken) return forward(request);

  const tokenHash = await sha256(refreshToken);
  const rotated = await env.OAUTH_KV.get<{ userId: string; grantId: string }>(`${ROTATED_PREFIX}${tokenHash}`, "json");
  if (rotated) {
    await helpers.revokeGrant(rotated.grantId, rotated.userId);
    return tokenError(
      "invalid_grant",
      "This refresh token was already used. The connection has been ended for safety; connect the app again.",
    );
  }

  const scope = form.get("scope");
  const context: RefreshContext = { requestedScope: scope ? scope.split(" ").filter(Boolean) : undefined };
  const response = await refreshRequests.run(context, () => forward(request));
  if (response.ok && context.grant) {
    await env.OAUTH_KV.put(`${ROTATED_PREFIX}${tokenHash}`, JSON.stringify(context.grant), {
      expirationTtl: refreshTokenTtlSeconds,
    });
  }
  return response;
}
