import type { OAuthResourceAuth } from "@cloudflare/workers-oauth-provider";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { createServices } from "../context";
import { createMcpServer } from "./mcp-server";

/** What /api/oauth/consent stores with a grant (encrypted by the provider) and the provider hands back here. */
export interface McpProps {
  userId: number;
}

type McpContext = ExecutionContext<McpProps> & { readonly auth?: OAuthResourceAuth };

/**
 * /mcp: the OAuth provider calls this only with a valid access token for this resource (it answers 401 with the
 * resource-metadata challenge itself). Stateless streamable HTTP: a new server and transport per request, so
 * any isolate can answer any request and nothing is kept between them.
 */
export const mcpHandler = {
  async fetch(request: Request, env: Env, executionCtx: ExecutionContext): Promise<Response> {
    // The provider passes the grant's props and the verified token in the context it built for this call.
    const ctx = executionCtx as McpContext;
    const services = createServices(env);
    const userId = Number(ctx.props?.userId);
    // The account may have been deleted since the grant: its tokens then reach nothing.
    const user = Number.isSafeInteger(userId) ? await services.users.findById(userId) : undefined;
    if (!user) return Response.json({ detail: "The account behind this connection no longer exists" }, { status: 401 });
    const server = createMcpServer(services, { userId: user.id, scopes: ctx.auth?.scope ?? [] });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    return transport.handleRequest(request);
  },
};
