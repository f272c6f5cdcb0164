import { type OAuthScope, scopeForTool } from "../domain/oauth-scopes";

/**
 * The protocol versions before 2025-06-18 allowed JSON-RPC batches (an array of messages in one POST); from
 * 2025-06-18 on they are gone. The version is the MCP-Protocol-Version header, or for the initialize request
 * the version it asks for; without either, the transport spec says to assume 2025-03-26.
 */
const FIRST_VERSION_WITHOUT_BATCHES = "2025-06-18";
const ASSUMED_VERSION = "2025-03-26";

interface JsonRpcMessage {
  method?: unknown;
  params?: { name?: unknown; protocolVersion?: unknown };
}

const messagesOf = (body: unknown): JsonRpcMessage[] =>
  (Array.isArray(body) ? body : [body]).filter((m): m is JsonRpcMessage => !!m && typeof m === "object");

/** A 400 for a batch under a protocol version without batching; undefined otherwise. */
export function batchRefusal(headers: Headers, body: unknown): Response | undefined {
  if (!Array.isArray(body)) return undefined;
  const initialize = messagesOf(body).find((m) => m.method === "initialize");
  const asked = initialize?.params?.protocolVersion;
  const version = headers.get("mcp-protocol-version") ?? (typeof asked === "string" ? asked : ASSUMED_VERSION);
  if (version < FIRST_VERSION_WITHOUT_BATCHES) return undefined;
  return Response.json(
    {
      jsonrpc: "2.0",
      id: null,
      error: {
        code: -32600,
        message: `Invalid Request: protocol version ${version} has no JSON-RPC batching; send one message per request`,
      },
    },
    { status: 400 },
  );
}

/** The scopes the tool calls in a request need and the token lacks, each once. */
export function missingToolScopes(body: unknown, granted: readonly string[]): OAuthScope[] {
  const missing = new Set<OAuthScope>();
  for (const message of messagesOf(body)) {
    if (message.method !== "tools/call" || typeof message.params?.name !== "string") continue;
    const needed = scopeForTool(message.params.name);
    if (!granted.includes(needed)) missing.add(needed);
  }
  return [...missing];
}
