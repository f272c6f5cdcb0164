import type { Hono } from "hono";
import { generateSpecs, resolver } from "hono-openapi";
import { formatByteLimit } from "../domain/byte-size";
import { maxBodyBytes } from "../middleware/body-limits";
import { isOAuthEndpoint } from "../middleware/worker-guard";
import { OAUTH2_SECURITY_SCHEME, OUTSIDE_API_PATHS, oauthError } from "./outside-api";
import { ERROR_RESPONSES, type ErrorStatus, errorBody, errors, oauthErrorBody } from "./responses";

/** The areas of the API, in the order the reference lists them. */
const TAGS = [
  { name: "Health", description: "Whether the deployment is up, and what it runs." },
  { name: "Account", description: "Register, sign in and out, delete the account." },
  { name: "Articles", description: "Save links, list, read, edit, tag, rate and reprocess articles." },
  { name: "Highlights", description: "Highlights, notes and the reading position." },
  {
    name: "Listen",
    description: "Articles read aloud: the engine for an article's language, and the cloud voice's audio.",
  },
  { name: "Reader settings", description: "Font, size, line height, width, alignment and theme, on every device." },
  { name: "Feeds", description: "Follow feeds and sites, triage what arrives, save what matters to the Library." },
  { name: "Topics", description: "Clusters of articles by meaning." },
  { name: "Search", description: "Questions to the library, in plain words, with follow-ups." },
  { name: "Import and export", description: "Bring a library from another app; take yours with you." },
  { name: "Save by email", description: "A private address that saves what is mailed to it." },
  { name: "API tokens", description: "Personal tokens for scripts, the extension and the bookmarklet." },
  { name: "Connected apps", description: "Consent for, and the list of, AI assistants connected over OAuth." },
  { name: "MCP and OAuth", description: "The MCP server for AI assistants and its OAuth 2.1 endpoints." },
  { name: "Capture", description: "Ways in from outside the app." },
  { name: "API reference", description: "This document and its reference page." },
];

const SECURITY_SCHEMES = {
  session: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description:
      "A web session: the `access_token` from POST /api/auth/login or /register, sent as `Authorization: Bearer " +
      "...` (the web app keeps it in the page, not in a cookie).",
  },
  apiToken: {
    type: "http",
    scheme: "bearer",
    description:
      "A personal API token (`vr_...`, Settings > API tokens), sent as `Authorization: Bearer vr_...`. It can do " +
      "what a session does except manage tokens, connected apps and the account (403).",
  },
  oauth2: OAUTH2_SECURITY_SCHEME,
};

/** components.responses: one shared response per error status, all with the `Error` body. */
function sharedErrorResponses() {
  return Object.fromEntries(
    Object.values(ERROR_RESPONSES).map(({ name, description }) => [
      name,
      {
        description,
        ...(name === "TooManyRequests"
          ? { headers: { "Retry-After": { description: "Seconds to wait.", schema: { type: "integer" as const } } } }
          : {}),
        content: { "application/json": { schema: resolver(errorBody, { options: { io: "output" } }) } },
      },
    ]),
  );
}

type Operation = Record<string, unknown> & {
  requestBody?: { content?: Record<string, unknown> };
  parameters?: unknown[];
  responses?: Record<string, unknown>;
  security?: unknown[];
};

/** A shared error response, with a description of its own for this operation where it says more. */
function sharedError(status: ErrorStatus, oauth: boolean, description?: string) {
  if (oauth) return oauthError(description ?? ERROR_RESPONSES[status].description);
  const [reference] = Object.values(errors(status));
  return description ? { ...reference, description } : reference;
}

/**
 * The answers the edge gives any route before or after its handler (app.ts under /api, worker-guard.ts outside
 * it), added where they apply, so each route describes only its own: a body over the path's limit (413, stating
 * the limit) or interrupted (400), a JSON body sent as another type (415) or malformed (400), a query parameter
 * that is not text or a request that fails its schema (422; 400 at the OAuth endpoints, in OAuth's shape), and
 * an unexpected failure (500).
 */
function addEdgeResponses(path: string, operation: Operation) {
  const own = operation.responses ?? {};
  const body = operation.requestBody?.content;
  const oauth = isOAuthEndpoint(path);
  const limit = `The request body is over this path's limit of ${formatByteLimit(maxBodyBytes(path))}.`;
  const shared: Record<string, unknown> = {};
  if (body) {
    shared["400"] = sharedError(400, oauth);
    shared["413"] = sharedError(413, oauth, limit);
  }
  if (body && "application/json" in body) shared["415"] = sharedError(415, oauth);
  shared[oauth ? "400" : "422"] = sharedError(oauth ? 400 : 422, oauth);
  shared["500"] = sharedError(500, oauth);
  // A route's own 413 (a limit of its own besides the body's) without words of its own states the body's limit.
  const own413 = own["413"] as { $ref?: string; description?: string } | undefined;
  if (own413?.$ref && !own413.description) own["413"] = shared["413"];
  operation.responses = { ...shared, ...own };
}

/**
 * hono-openapi names an operation after its method and path (`getApiArticlesById`), except where two `use`
 * middlewares describe a path: its operations then all take the middlewares' name (`allApiTokens`, five
 * duplicates). Every operation is named again here the library's way, so each name is unique.
 */
function operationId(method: string, path: string): string {
  const pascal = (text: string) =>
    text
      .split(/[\W_]+/)
      .filter(Boolean)
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join("");
  const words = path
    .split("/")
    .filter(Boolean)
    .map((segment) => (segment.startsWith("{") ? `By${pascal(segment.slice(1, -1))}` : pascal(segment)));
  return method + words.join("");
}

/**
 * The ways in: requireAuth's (each of a route's handlers repeats them: listed once), or only a web session where
 * requireWebSession (or a handler that calls webSession) marked the route. None listed means none is needed.
 */
function applySecurity(operation: Operation) {
  if (operation["x-web-session-only"]) {
    delete operation["x-web-session-only"];
    operation.security = [{ session: [] }];
  }
  const unique = new Map((operation.security ?? []).map((way) => [JSON.stringify(way), way]));
  operation.security = [...unique.values()];
}

/** By status, as a reader looks them up. */
function sortResponses(operation: Operation) {
  const responses = operation.responses ?? {};
  operation.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * The OpenAPI 3.1 document of the whole public API, generated from the app's routes: each route's describeRoute
 * (summary, tags, responses with their zod schemas), its validators' zod schemas (parameters and bodies) and its
 * auth middleware (security, 401/403). The paths outside the Hono app (MCP, OAuth, share) are added by hand.
 */
// biome-ignore lint/suspicious/noExplicitAny: any app with any env; only its routes are read.
export async function buildOpenApiDocument(app: Hono<any, any, any>, version: string) {
  const generated = await generateSpecs(app, {
    documentation: {
      info: {
        title: "VibeRead API",
        version,
        description:
          "The API of VibeRead, a read-it-later app with AI summaries: everything the web app does, for scripts, " +
          "the browser extension, the bookmarklet and AI assistants (MCP). Send JSON; errors are `{ detail }` with " +
          "the status. Sign in with a web session or a personal API token; AI assistants connect to /mcp over OAuth.",
      },
      // Relative: every deployment (local, staging, production) serves the API from the origin of this document.
      servers: [{ url: "/", description: "The origin that serves this document." }],
      tags: TAGS,
      components: {
        // biome-ignore lint/suspicious/noExplicitAny: openapi-types' SecuritySchemeObject is a union the literal fits.
        securitySchemes: SECURITY_SCHEMES as any,
        responses: sharedErrorResponses(),
      },
    },
    // The library's default 400 body ({ success, error, data }) is not this API's: app.onError answers 422 { detail }.
    defaultValidationErrorResponse: false,
    // Its default leaves out paths that look like files, and so /api/openapi.json itself.
    excludeStaticFile: false,
  });
  // generateSpecs shares response objects between operations; each operation is changed below on its own copy.
  const document = structuredClone(generated);
  for (const [path, operations] of Object.entries(document.paths) as [string, Record<string, Operation>][]) {
    for (const [method, operation] of Object.entries(operations)) {
      operation.operationId = operationId(method, path);
      applySecurity(operation);
    }
  }
  // The schema carries its id (`OAuthError`), so the resolver answers a `$ref` to it and the schema itself under
  // components: only the components are added (the `$ref` put under its own name referred to itself).
  const oauthError = await resolver(oauthErrorBody, { options: { io: "output" } }).toOpenAPISchema();
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, ...oauthError.components?.schemas },
  };
  Object.assign(document.paths, structuredClone(OUTSIDE_API_PATHS));
  for (const [path, operations] of Object.entries(document.paths) as [string, Record<string, Operation>][]) {
    for (const operation of Object.values(operations)) {
      addEdgeResponses(path, operation);
      sortResponses(operation);
    }
  }
  return document;
}
