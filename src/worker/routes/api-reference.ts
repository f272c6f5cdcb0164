import { type Hono, Hono as HonoApp } from "hono";
import { describeRoute } from "hono-openapi";
import { version } from "../../../package.json";
import type { AppEnv } from "../context";
import { buildOpenApiDocument } from "../openapi/document";

/** The viewer's files, copied from swagger-ui-dist into the client build by vite.config.ts (apiReferenceAssets). */
export const API_REFERENCE_ASSETS = "/api-docs";

/**
 * The reference page: Swagger UI from this origin (no CDN: a self-hosted app works offline), started by a script
 * file rather than an inline one, so the page's CSP allows scripts from this origin only.
 */
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>VibeRead API reference</title>
<link rel="icon" href="/pwa-192x192.png">
<link rel="stylesheet" href="${API_REFERENCE_ASSETS}/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${API_REFERENCE_ASSETS}/swagger-ui-bundle.js"></script>
<script src="${API_REFERENCE_ASSETS}/start.js"></script>
</body>
</html>
`;

/** Swagger UI sets inline styles; it loads nothing from elsewhere (its online validator is off, see start.js). */
const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

/** The document changes only with a deploy: caches may keep it a few minutes. */
const DOCUMENT_CACHE = "public, max-age=300";

const tags = ["API reference"];

/**
 * GET /api/openapi.json (the OpenAPI 3.1 document of `app`, built once per isolate) and GET /api/docs (the
 * reference page that renders it). Both public: the API's shape is no secret.
 */
// biome-ignore lint/suspicious/noExplicitAny: any app with any env; only its routes are read.
export function apiReferenceRoutes(app: Hono<any, any, any>) {
  let document: ReturnType<typeof buildOpenApiDocument> | undefined;
  return new HonoApp<AppEnv>()
    .get(
      "/openapi.json",
      describeRoute({
        tags,
        summary: "This OpenAPI document",
        description: "The OpenAPI 3.1 document of the API, generated from the routes' own schemas.",
        security: [],
        responses: { 200: { description: "The document.", content: { "application/json": { schema: {} } } } },
      }),
      async (c) => {
        document ??= buildOpenApiDocument(app, version).catch((error) => {
          document = undefined;
          throw error;
        });
        c.header("Cache-Control", DOCUMENT_CACHE);
        return c.json(await document, 200);
      },
    )
    .get(
      "/docs",
      describeRoute({
        tags,
        summary: "API reference page",
        description: "This document, rendered (Swagger UI, served from this origin).",
        security: [],
        responses: { 200: { description: "An HTML page.", content: { "text/html": { schema: { type: "string" } } } } },
      }),
      (c) => {
        c.header("Content-Security-Policy", PAGE_CSP);
        c.header("Cache-Control", DOCUMENT_CACHE);
        return c.html(PAGE);
      },
    );
}
