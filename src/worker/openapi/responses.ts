import { resolver } from "hono-openapi";
import { z } from "zod";

/**
 * The building blocks every route's description uses: a JSON response from its zod schema, and the shared error
 * responses (components.responses) by status. The error shape is what `app.onError` answers: `{ detail }`, plus
 * whatever an error carries besides (a duplicate save's `article`).
 */
export const errorBody = z
  .object({ detail: z.string().meta({ description: "What went wrong, in a sentence a person can read." }) })
  .catchall(z.unknown())
  .meta({ id: "Error", description: "Every error of the API: `detail` says what went wrong." });

/** The OAuth endpoints answer RFC 6749's `error` and `error_description` besides the app's `detail`. */
export const oauthErrorBody = z
  .object({
    error: z.string().meta({ description: "The RFC 6749 error code, e.g. invalid_request, invalid_grant." }),
    error_description: z.string().optional(),
    detail: z.string(),
  })
  .meta({ id: "OAuthError", description: "An OAuth endpoint's error (RFC 6749 section 5.2), with `detail` too." });

/**
 * A JSON response documented by its zod schema. The output side is documented (what the server sends), and an
 * object's `additionalProperties: false` there makes a field the schema does not name a mismatch in the tests.
 */
export function jsonResponse(description: string, schema: z.ZodType) {
  return {
    description,
    content: { "application/json": { schema: resolver(schema, { options: { io: "output" } }) } },
  };
}

/** The shared error responses, each named for its status in components.responses. */
export const ERROR_RESPONSES = {
  400: { name: "BadRequest", description: "The request could not be read (malformed JSON, an interrupted upload)." },
  401: {
    name: "Unauthorized",
    description: "No valid credentials: sign in, or send a valid API token (`Authorization: Bearer ...`).",
  },
  403: { name: "Forbidden", description: "Signed in, but not allowed this way (e.g. an API token managing tokens)." },
  404: { name: "NotFound", description: "Not found, or not yours (other users' ids are never confirmed)." },
  409: { name: "Conflict", description: "The request conflicts with the current state." },
  413: { name: "PayloadTooLarge", description: "The request body is over this path's limit." },
  415: {
    name: "UnsupportedMediaType",
    description:
      "A body sent as another type than the operation's: `application/json` (a charset may follow; other `+json` " +
      "types are refused too), or `multipart/form-data` for an upload.",
  },
  422: {
    name: "ValidationError",
    description:
      "A field or query parameter is missing, breaks a rule or is not text (a NUL, bytes that are not UTF-8); " +
      "`detail` names it and the rule.",
  },
  429: {
    name: "TooManyRequests",
    description: "Too many failed attempts, or a limit reached; the Retry-After header says when to retry.",
  },
  500: { name: "ServerError", description: "Something went wrong on the server's side (never a stack trace)." },
  502: { name: "BadGateway", description: "A model the request needed failed or answered nothing usable." },
  503: { name: "ServiceUnavailable", description: "A dependency is briefly unavailable; nothing was changed." },
} as const;
export type ErrorStatus = keyof typeof ERROR_RESPONSES;

/** `errors(401, 404)`: the shared responses for those statuses, as `$ref`s. */
export function errors(...statuses: ErrorStatus[]): Record<string, { $ref: string }> {
  return Object.fromEntries(
    statuses.map((status) => [String(status), { $ref: `#/components/responses/${ERROR_RESPONSES[status].name}` }]),
  );
}

/** The empty success of a DELETE or a sign-out. */
export const noContent = { description: "Done; no body." } as const;
