import { MAX_BODY_BYTES, MAX_BULK_BODY_BYTES } from "../app";
import { INTERRUPTED_MESSAGE, illFormedJsonText, readBody, tooLargeMessage } from "./body-limit";

/** The MCP endpoint takes a save of up to 500 URLs in one tool call, as the bulk save does. */
export const MAX_MCP_BODY_BYTES = MAX_BULK_BODY_BYTES;
/**
 * Client registration metadata is small (a name, a few URIs); the limit is above 100 KB so that an oversized
 * field is named by the registration's own checks (oauth/client-metadata.ts) rather than refused as a body.
 */
export const MAX_REGISTRATION_BODY_BYTES = 128 * 1024;

function maxBodyBytes(path: string): number {
  if (path === "/mcp") return MAX_MCP_BODY_BYTES;
  if (path === "/oauth/register") return MAX_REGISTRATION_BODY_BYTES;
  return MAX_BODY_BYTES;
}

/** The OAuth endpoints answer errors in RFC 6749's shape (`error`, `error_description`) besides `detail`. */
const isOAuthEndpoint = (path: string) => path.startsWith("/oauth/");

function refusal(path: string, status: number, detail: string, oauthError = "invalid_request"): Response {
  const oauth = isOAuthEndpoint(path) ? { error: oauthError, error_description: detail } : {};
  return Response.json({ detail, ...oauth }, { status, headers: { "Cache-Control": "no-store" } });
}

/**
 * What `app.ts` does for /api (body limits, text checks, JSON errors), for the paths the Worker answers outside
 * the Hono app: /share, /mcp and the OAuth endpoints. Every body is read before anything answers (a body left
 * unread breaks the local dev server's connection, see body-limit.ts), one over the path's limit is a 413, a
 * JSON body with a field that is not text is refused naming it, and an unexpected failure is a JSON 500
 * without a stack trace.
 */
export async function guardRequest(
  request: Request,
  handle: (request: Request) => Promise<Response> | Response,
): Promise<Response> {
  const path = new URL(request.url).pathname;
  const maxBytes = maxBodyBytes(path);
  const read = await readBody(request, maxBytes);
  if (read.kind === "too-large") return refusal(path, 413, tooLargeMessage(maxBytes));
  if (read.kind === "interrupted") return refusal(path, 400, INTERRUPTED_MESSAGE);
  const problem = illFormedJsonText(read.request.headers, read.bytes);
  if (problem) {
    // RFC 6749 and 7591 answer a bad request with 400 and their error code; the rest of the app uses 422.
    return path === "/oauth/register"
      ? refusal(path, 400, problem, "invalid_client_metadata")
      : refusal(path, isOAuthEndpoint(path) ? 400 : 422, problem);
  }
  try {
    return await handle(read.request);
  } catch (error) {
    console.error("Unhandled error", error);
    return refusal(path, 500, "Something went wrong on our side. Please try again.", "server_error");
  }
}
