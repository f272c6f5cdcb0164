/**
 * What /mcp refuses before the token is looked at. The endpoint is stateless streamable HTTP: no session, so no
 * server-sent stream to open with GET and nothing to end with DELETE (the transport spec lets such a server
 * answer 405); POST carries every message, OPTIONS is the browser's CORS preflight. Only the resource itself,
 * `/mcp`, exists: `/mcp/anything` is not an MCP endpoint.
 */
export const MCP_ALLOWED_METHODS = "POST, OPTIONS";

export function mcpGate(request: Request): Response | undefined {
  const { pathname } = new URL(request.url);
  if (pathname !== "/mcp") {
    return Response.json({ detail: `Not found: ${request.method} ${pathname}` }, { status: 404 });
  }
  if (request.method !== "POST" && request.method !== "OPTIONS") {
    return Response.json(
      { detail: `Method not allowed: /mcp is stateless and answers POST only, not ${request.method}` },
      { status: 405, headers: { Allow: MCP_ALLOWED_METHODS } },
    );
  }
  return undefined;
}

/**
 * Whether a browser page on `origin` may use this connection (the transport spec: servers MUST validate Origin
 * and answer 403 to one that is not allowed). Allowed: no Origin (not a browser: assistants, the SDK), this
 * app's own origin, and the origins of the connected client's registered redirect URIs, the one place a
 * browser-based client (the MCP Inspector, a web assistant) says where it runs.
 */
export function isAllowedOrigin(origin: string | null, ownOrigin: string, clientRedirectUris: readonly string[]) {
  if (origin === null || origin === ownOrigin) return true;
  return clientRedirectUris.some((uri) => {
    try {
      const parsed = new URL(uri);
      return (parsed.protocol === "https:" || parsed.protocol === "http:") && parsed.origin === origin;
    } catch {
      return false;
    }
  });
}

export function forbiddenOrigin(origin: string): Response {
  return Response.json(
    { detail: `Origin ${origin} may not use this connection: it is neither VibeRead nor the connected app` },
    { status: 403 },
  );
}
