import { ALL_SCOPES, OAUTH_SCOPES } from "../domain/oauth-scopes";
import { AUTHORIZE_PATH, MCP_PATH, REGISTER_PATH, TOKEN_PATH } from "../oauth/oauth-provider";
import { SHARE_PATH } from "../share-target";

/**
 * The public paths the Worker answers outside the Hono app (src/worker/index.ts): the MCP endpoint, its OAuth
 * endpoints (@cloudflare/workers-oauth-provider) and the share target. They have no zod schemas of their own (the
 * provider and the MCP SDK own their formats, which their RFCs and the MCP spec define), so they are described
 * here by hand and the document links the specifications. test/worker/openapi.test.ts checks that each answers.
 */
export const oauthError = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/OAuthError" } } },
});
const jsonObject = (description: string) => ({
  description,
  content: { "application/json": { schema: { type: "object", additionalProperties: true } } },
});
const tags = ["MCP and OAuth"];

export const OAUTH2_SECURITY_SCHEME = {
  type: "oauth2",
  description:
    "For /mcp only: OAuth 2.1 with PKCE (S256) and dynamic client registration, as MCP clients do it. The user " +
    "approves the app on VibeRead's consent screen; access tokens live an hour, refresh tokens 30 days.",
  flows: {
    authorizationCode: {
      authorizationUrl: AUTHORIZE_PATH,
      tokenUrl: TOKEN_PATH,
      refreshUrl: TOKEN_PATH,
      scopes: OAUTH_SCOPES,
    },
  },
} as const;

export const OUTSIDE_API_PATHS = {
  [MCP_PATH]: {
    post: {
      tags,
      operationId: "postMcp",
      summary: "MCP endpoint (streamable HTTP)",
      description:
        "The Model Context Protocol server for AI assistants: JSON-RPC messages over stateless streamable HTTP " +
        "(POST only; GET and DELETE answer 405). Tools search, list, read, save, mark and highlight articles, each " +
        "needing its scope; a call beyond the token's scopes answers 403 insufficient_scope. A browser Origin other " +
        "than this app's or the connected client's is refused with 403. See https://modelcontextprotocol.io.",
      security: [{ oauth2: [...ALL_SCOPES] }],
      requestBody: {
        required: true,
        content: { "application/json": { schema: { type: "object", description: "A JSON-RPC 2.0 message." } } },
      },
      responses: {
        "200": {
          description: "The JSON-RPC response (JSON, or an event stream of it).",
          content: { "application/json": { schema: { type: "object" } }, "text/event-stream": { schema: {} } },
        },
        "202": { description: "A notification or response was accepted; no body." },
        "401": oauthError("No valid access token; `WWW-Authenticate` names the resource metadata."),
        "403": oauthError("The token lacks a scope the call needs, or the browser Origin is not allowed."),
      },
    },
  },
  [AUTHORIZE_PATH]: {
    get: {
      tags,
      operationId: "getAuthorize",
      summary: "OAuth authorization (opens the consent screen)",
      description:
        "Checks the client, its exact redirect URI and PKCE S256, then redirects to the app's consent screen with " +
        "the same query (which signs the user in first if needed). RFC 6749 section 4.1.1 and OAuth 2.1.",
      security: [],
      parameters: ["response_type", "client_id", "redirect_uri", "scope", "state", "code_challenge"]
        .map((name) => ({
          name,
          in: "query",
          required: name !== "scope" && name !== "state",
          schema: { type: "string" },
        }))
        .concat([{ name: "code_challenge_method", in: "query", required: true, schema: { type: "string" } }]),
      responses: {
        "302": { description: "To the consent screen, or back to the app with an error once the app is known." },
        "400": { description: "An HTML page: the request names no client and redirect URI that may receive it." },
      },
    },
  },
  [TOKEN_PATH]: {
    post: {
      tags,
      operationId: "postOauthToken",
      summary: "OAuth token endpoint",
      description:
        "Exchanges an authorization code (with its PKCE verifier) or a refresh token for tokens (RFC 6749 section " +
        "3.2). Refresh tokens rotate: each is used once.",
      security: [],
      requestBody: {
        required: true,
        content: {
          "application/x-www-form-urlencoded": {
            schema: {
              type: "object",
              required: ["grant_type"],
              properties: {
                grant_type: { type: "string", enum: ["authorization_code", "refresh_token"] },
                code: { type: "string" },
                code_verifier: { type: "string" },
                redirect_uri: { type: "string" },
                refresh_token: { type: "string" },
                client_id: { type: "string" },
              },
            },
          },
        },
      },
      responses: {
        "200": jsonObject("access_token, token_type, expires_in, refresh_token and scope (RFC 6749 section 5.1)."),
        "400": oauthError("invalid_request, invalid_grant and the other errors of RFC 6749 section 5.2."),
        "401": oauthError("invalid_client"),
      },
    },
  },
  [REGISTER_PATH]: {
    post: {
      tags,
      operationId: "postOauthRegister",
      summary: "Dynamic client registration",
      description: "Registers an MCP client: its name and redirect URIs (RFC 7591).",
      security: [],
      requestBody: { required: true, content: { "application/json": { schema: { type: "object" } } } },
      responses: {
        "201": jsonObject("The client's registration, with its client_id (RFC 7591 section 3.2.1)."),
        "400": oauthError("invalid_client_metadata or invalid_redirect_uri (RFC 7591 section 3.2.2)."),
      },
    },
  },
  "/.well-known/oauth-authorization-server": {
    get: {
      tags,
      operationId: "getOauthAuthorizationServerMetadata",
      summary: "Authorization server metadata",
      description: "The OAuth endpoints, scopes and PKCE methods (RFC 8414).",
      security: [],
      responses: { "200": jsonObject("The metadata (RFC 8414 section 2).") },
    },
  },
  [`/.well-known/oauth-protected-resource${MCP_PATH}`]: {
    get: {
      tags,
      operationId: "getMcpResourceMetadata",
      summary: "Protected resource metadata of /mcp",
      description:
        "The resource (/mcp), its authorization server and scopes (RFC 9728); /.well-known/oauth-protected-resource " +
        "answers the same.",
      security: [],
      responses: { "200": jsonObject("The metadata (RFC 9728 section 2).") },
    },
  },
  [SHARE_PATH]: {
    get: {
      tags: ["Capture"],
      operationId: "getShare",
      summary: "Share target of the installable app",
      description: "A phone's share sheet opens this; it redirects to the save screen with the shared link.",
      security: [],
      parameters: ["url", "title", "text"].map((name) => ({ name, in: "query", schema: { type: "string" } })),
      responses: { "302": { description: "To /#/save with the shared fields." } },
    },
  },
};
