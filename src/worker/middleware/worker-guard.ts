import { illFormedQueryParameter } from "../domain/valid-text";
import { MCP_PATH, REGISTER_PATH } from "../oauth/oauth-provider";
import { INTERRUPTED_MESSAGE, illFormedJsonText, readBody, tooLargeMessage } from "./body-limit";
import { maxBodyBytes } from "./body-limits";
import { isJsonContentType, JSON_ONLY_MESSAGE } from "./content-type";

/** The paths outside /api whose POST body is JSON, as the OpenAPI document declares (openapi/outside-api.ts). */
const JSON_BODY_PATHS = new Set([MCP_PATH, REGISTER_PATH]);

/** The OAuth endpoints answer errors in RFC 6749's shape (`error`, `error_description`) besides `detail`. */
export const isOAuthEndpoint = (path: string) => path.startsWith("/oauth/");

function refusal(path: string, status: number, detail: string, oauthError = "invalid_request"): Response {
  const oauth = isOAuthEndpoint(path) ? { error: oauthError, error_description: detail } : {};
  return Response.json({ detail, ...oauth }, { status, headers: { "Cache-Control": "no-store" } });
}

/**
 * What `app.ts` does for /api (body limits, content types, text checks, JSON errors), for the paths the Worker
 * answers outside the Hono app: /share, /mcp and the OAuth endpoints. Every body is read before anything answers
 * (a body left unread breaks the local dev server's connection, see body-limit.ts), one over the path's limit is
 * a 413, a JSON endpoint's body sent as another type is a 415, a query parameter or JSON field that is not text
 * is refused naming it, and an unexpected failure is a JSON 500 without a stack trace.
 */
export async function guardRequest(
  request: Request,
  handle: (request: Request) => Promise<Response> | Response,
): Promise<Response> {
  const url = new URL(request.url);
  const path = url.pathname;
  const maxBytes = maxBodyBytes(path);
  const read = await readBody(request, maxBytes);
  if (read.kind === "too-large") return refusal(path, 413, tooLargeMessage(maxBytes));
  if (read.kind === "interrupted") return refusal(path, 400, INTERRUPTED_MESSAGE);
  // A plain cross-site form can post text/plain or form-encoded bodies: a JSON endpoint takes only JSON.
  if (read.bytes?.byteLength && JSON_BODY_PATHS.has(path) && !isJsonContentType(read.request.headers)) {
    return refusal(path, 415, JSON_ONLY_MESSAGE);
  }
  const problem = illFormedQueryParameter(url.search) ?? illFormedJsonText(read.request.headers, read.bytes);
  if (problem) {
    // RFC 6749 and 7591 answer a bad request with 400 and their error code; the rest of the app uses 422.
    return path === REGISTER_PATH
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
