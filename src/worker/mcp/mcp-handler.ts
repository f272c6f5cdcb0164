import { insufficientScope, type OAuthHelpers, type OAuthResourceAuth } from "@cloudflare/workers-oauth-provider";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { createServices } from "../context";
import { LibraryMoving } from "../domain/errors";
import { OAUTH_SCOPES } from "../domain/oauth-scopes";
import { forbiddenOrigin, isAllowedOrigin } from "./mcp-gate";
import { batchRefusal, missingToolScopes } from "./mcp-messages";
import { createMcpServer } from "./mcp-server";

/** What /api/oauth/consent stores with a grant (encrypted by the provider) and the provider hands back here. */
export interface McpProps {
  userId: number;
}

type McpContext = ExecutionContext<McpProps> & { readonly auth?: OAuthResourceAuth };
type EnvWithHelpers = Env & { OAUTH_PROVIDER?: OAuthHelpers };

/**
 * /mcp: the OAuth provider calls this only with a valid access token for this resource (it answers 401 with the
 * resource-metadata challenge itself), after mcpGate let the method and path through. Stateless streamable
 * HTTP: a new server and transport per request, so any isolate can answer any request and nothing is kept
 * between them.
 */
export const mcpHandler = {
  async fetch(request: Request, env: Env, executionCtx: ExecutionContext): Promise<Response> {
    // The provider passes the grant's props and the verified token in the context it built for this call.
    const ctx = executionCtx as McpContext;
    const auth = ctx.auth;
    const scopes = auth?.scope ?? [];

    const origin = request.headers.get("Origin");
    const ownOrigin = new URL(request.url).origin;
    if (origin !== null && origin !== ownOrigin) {
      const client = auth?.clientId ? await (env as EnvWithHelpers).OAUTH_PROVIDER?.lookupClient(auth.clientId) : null;
      if (!isAllowedOrigin(origin, ownOrigin, client?.redirectUris ?? [])) return forbiddenOrigin(origin);
    }

    const services = createServices(env);
    const userId = Number(ctx.props?.userId);
    // The account may have been deleted since the grant: its tokens then reach nothing.
    const user = Number.isSafeInteger(userId) ? await services.users.findById(userId) : undefined;
    if (!user) return Response.json({ detail: "The account behind this connection no longer exists" }, { status: 401 });
    try {
      await services.forUser(user.id);
    } catch (error) {
      if (!(error instanceof LibraryMoving)) throw error;
      return Response.json({ detail: error.message }, { status: 503, headers: { "Retry-After": "5" } });
    }

    // The body was read within its limit by the Worker's guard; a malformed one is left to the transport's errors.
    const body =
      request.method === "POST"
        ? await request
            .clone()
            .json()
            .catch(() => undefined)
        : undefined;
    const batch = batchRefusal(request.headers, body);
    if (batch) return batch;
    const missing = missingToolScopes(body, scopes);
    if (auth && missing.length > 0) {
      // Step-up (MCP authorization, RFC 6750 §3.1): 403 naming the scopes this call needs, so the client asks the
      // user for them and retries, instead of a tool error inside a 200 that no client can act on.
      const needs = missing.map((scope) => OAUTH_SCOPES[scope].toLowerCase()).join("; ");
      return insufficientScope(auth, missing, `This connection may not do that yet: it needs permission to ${needs}`);
    }

    const server = createMcpServer(services, { userId: user.id, scopes });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    return transport.handleRequest(request, body === undefined ? undefined : { parsedBody: body });
  },
};
