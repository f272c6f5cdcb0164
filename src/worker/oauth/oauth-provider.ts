import {
  getOAuthApi,
  type OAuthHelpers,
  OAuthProvider,
  type OAuthProviderOptions,
} from "@cloudflare/workers-oauth-provider";
import { ALL_SCOPES } from "../domain/oauth-scopes";
import { mcpGate } from "../mcp/mcp-gate";
import { mcpHandler } from "../mcp/mcp-handler";
import { authorizeHandler } from "./authorize-endpoint";
import { checkClientRegistration } from "./client-metadata";
import { handleTokenRequest, onTokenExchange } from "./refresh-rotation";

export const AUTHORIZE_PATH = "/authorize";
export const TOKEN_PATH = "/oauth/token";
export const REGISTER_PATH = "/oauth/register";
export const MCP_PATH = "/mcp";

/** An access token lives an hour: a leaked one is short-lived, and clients refresh without asking the user. */
export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
/** A grant (its refresh tokens) lives 30 days from the last refresh, so an assistant in use stays connected. */
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

/** The paths the OAuth provider answers (run_worker_first in wrangler.toml lists them too). */
export function isOAuthPath(pathname: string): boolean {
  return (
    pathname === MCP_PATH ||
    pathname.startsWith(`${MCP_PATH}/`) ||
    pathname === AUTHORIZE_PATH ||
    pathname.startsWith("/oauth/") ||
    pathname.startsWith("/.well-known/oauth-")
  );
}

/**
 * The provider's options for one origin. The resource (`<origin>/mcp`) and the issuer must be absolute URLs, and
 * the Worker is reached under several (localhost in development, the e2e port, the deployed host), so they are
 * taken from the request rather than configured.
 */
export function oauthOptions(origin: string): OAuthProviderOptions<Env> {
  return {
    apiRoute: MCP_PATH,
    apiHandler: mcpHandler,
    defaultHandler: authorizeHandler,
    authorizeEndpoint: AUTHORIZE_PATH,
    tokenEndpoint: TOKEN_PATH,
    clientRegistrationEndpoint: REGISTER_PATH,
    scopesSupported: [...ALL_SCOPES],
    // What a full connection needs: the protected-resource metadata's scopes_supported and the 401 challenge's
    // scope, which MCP clients request as they are. A call beyond the token's scopes answers 403
    // insufficient_scope naming what it needs (mcp/mcp-handler.ts), so a client that took less can step up.
    requiredScopes: [...ALL_SCOPES],
    // RFC 8252 private-use schemes (com.example.app:/callback) for native clients, besides https and loopback.
    allowPrivateUseRedirectUris: true,
    clientRegistrationCallback: checkClientRegistration,
    tokenExchangeCallback: onTokenExchange,
    // Every error the provider answers also carries the app's `detail`, as every other JSON error does.
    onError: ({ code, description, status, headers }) =>
      Response.json({ error: code, error_description: description, detail: description }, { status, headers }),
    resourceMetadata: {
      resource: `${origin}${MCP_PATH}`,
      authorization_servers: [origin],
      resource_name: "VibeRead library",
    },
    accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTTL: REFRESH_TOKEN_TTL_SECONDS,
    refreshTokenIdleTTL: REFRESH_TOKEN_TTL_SECONDS,
  };
}

const providers = new Map<string, OAuthProvider<Env> | null>();

/**
 * The provider for the request's origin, built once per isolate. null for an origin it refuses (plain http on a
 * host other than loopback: OAuth 2.1 needs https), which then gets a 400 instead of a crash.
 */
function providerFor(origin: string): OAuthProvider<Env> | null {
  if (!providers.has(origin)) {
    try {
      providers.set(origin, new OAuthProvider<Env>(oauthOptions(origin)));
    } catch (error) {
      console.warn("No OAuth provider for origin", origin, error);
      providers.set(origin, null);
    }
  }
  return providers.get(origin) ?? null;
}

const RESOURCE_METADATA_PATH = "/.well-known/oauth-protected-resource";

/** The OAuth endpoints and /mcp. */
export function handleOAuthRequest(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> | Response {
  const url = new URL(request.url);
  const provider = providerFor(url.origin);
  if (!provider) {
    return Response.json({ detail: "Connecting apps needs https (or http on localhost)" }, { status: 400 });
  }
  // RFC 9728 puts the metadata of the resource <origin>/mcp at <well-known>/mcp, which the 401 challenge names;
  // clients that try the origin's bare well-known path first get the same (only) resource's document.
  if (url.pathname === RESOURCE_METADATA_PATH) {
    return provider.fetch(new Request(`${url.origin}${RESOURCE_METADATA_PATH}${MCP_PATH}`, request), env, ctx);
  }
  if (url.pathname === MCP_PATH || url.pathname.startsWith(`${MCP_PATH}/`)) {
    const refused = mcpGate(request);
    if (refused) return refused;
  }
  if (url.pathname === TOKEN_PATH) {
    const forward = (forwarded: Request) => provider.fetch(forwarded, env, ctx);
    return handleTokenRequest(request, env, oauthHelpers(env, url.origin), forward, REFRESH_TOKEN_TTL_SECONDS);
  }
  return provider.fetch(request, env, ctx);
}

/** The provider's helpers (parse and complete an authorization, list and revoke grants) outside its fetch. */
export function oauthHelpers(env: Env, origin: string): OAuthHelpers {
  return getOAuthApi(oauthOptions(origin), env);
}
