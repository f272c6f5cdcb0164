import { exports } from "cloudflare:workers";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { CfWorkerJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/cfworker";
import { api } from "./helpers";

export const ORIGIN = "http://localhost";
export const REDIRECT_URI = "http://127.0.0.1:33418/callback";
export const ALL_SCOPES = "library:read articles:write articles:update";

/** The Worker's fetch, as an MCP client or an OAuth client on the network would reach it. */
export const workerFetch = (input: string | URL | Request, init?: RequestInit) =>
  exports.default.fetch(new Request(input, init));

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

export async function pkcePair() {
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)));
  return { verifier, challenge: base64url(digest) };
}

/** Dynamic client registration (RFC 7591) of a public client, as an MCP client does it. */
export async function registerClient(redirectUris = [REDIRECT_URI], clientName = "Test Assistant") {
  const response = await workerFetch(`${ORIGIN}/oauth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      client_name: clientName,
      redirect_uris: redirectUris,
      token_endpoint_auth_method: "none",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
    }),
  });
  if (response.status !== 201) throw new Error(`registration failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { client_id: string }).client_id;
}

export function authorizeQuery(params: {
  clientId: string;
  challenge?: string;
  method?: string;
  redirectUri?: string;
  scope?: string;
  state?: string;
}): string {
  const query = new URLSearchParams({
    response_type: "code",
    client_id: params.clientId,
    redirect_uri: params.redirectUri ?? REDIRECT_URI,
    scope: params.scope ?? ALL_SCOPES,
    state: params.state ?? "state-123",
    resource: `${ORIGIN}/mcp`,
  });
  if (params.challenge) query.set("code_challenge", params.challenge);
  if (params.challenge) query.set("code_challenge_method", params.method ?? "S256");
  return `?${query}`;
}

/** The consent screen's Approve (or Deny), as the SPA posts it with the signed-in user's bearer token. */
export function decide(session: string, query: string, decision: "approve" | "deny" = "approve") {
  return api("POST", "/api/oauth/consent", { token: session, body: { query, decision } });
}

export async function tokenRequest(fields: Record<string, string>) {
  const response = await workerFetch(`${ORIGIN}/oauth/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  // A revocation answers 200 with no body.
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, any> };
}

export function exchangeCode(clientId: string, code: string, verifier?: string, redirectUri = REDIRECT_URI) {
  return tokenRequest({
    grant_type: "authorization_code",
    client_id: clientId,
    code,
    redirect_uri: redirectUri,
    ...(verifier === undefined ? {} : { code_verifier: verifier }),
  });
}

/** The whole flow for a signed-in user: register a client, approve, exchange the code. */
export async function connect(session: string, scope = ALL_SCOPES) {
  const clientId = await registerClient();
  const { verifier, challenge } = await pkcePair();
  const decided = await decide(session, authorizeQuery({ clientId, challenge, scope }));
  if (decided.status !== 200) throw new Error(`consent failed: ${decided.status} ${JSON.stringify(decided.body)}`);
  const code = new URL(decided.body.redirect_to).searchParams.get("code") as string;
  const tokens = await exchangeCode(clientId, code, verifier);
  if (tokens.status !== 200) throw new Error(`exchange failed: ${tokens.status} ${JSON.stringify(tokens.body)}`);
  return {
    clientId,
    accessToken: tokens.body.access_token as string,
    refreshToken: tokens.body.refresh_token as string,
    scope: tokens.body.scope as string,
  };
}

/** The MCP SDK's client over streamable HTTP, with the access token. */
export async function mcpClient(accessToken: string) {
  const client = new Client(
    { name: "viberead-test", version: "1.0.0" },
    { jsonSchemaValidator: new CfWorkerJsonSchemaValidator() },
  );
  const transport = new StreamableHTTPClientTransport(new URL(`${ORIGIN}/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${accessToken}` } },
    fetch: workerFetch,
  });
  await client.connect(transport);
  return client;
}

/** The text of a tool result, and whether it is a tool error. */
export async function callTool(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = await client.callTool({ name, arguments: args });
  const content = result.content as { type: string; text: string }[];
  return { text: content.map((part) => part.text).join("\n"), isError: result.isError === true };
}
