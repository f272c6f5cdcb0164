import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import type { AppEnv } from "../context";
import { InvalidInput } from "../domain/errors";
import { encodingName } from "../domain/imports/decode-text";
import { IMPORT_FORMATS, type ImportFormat } from "../domain/imports/import-item";
import { IMPORT_LIMITS_SENTENCE } from "../domain/imports/import-limits";
import { isImportFormat } from "../domain/imports/parse-import";
import { readMultipartFile } from "../middleware/multipart-file";
import { requireAuth } from "../middleware/require-auth";
import { validate } from "../middleware/validate";
import { errors, jsonResponse } from "../openapi/responses";
import { importJobJson, importListJson, startedImportJson } from "./import-schemas";

const tags = ["Import and export"];

const importIdParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,15}$/, "must be a positive whole number")
    .transform(Number),
});

/**
 * The upload: multipart with the file in `file` and, optionally, `format` (empty or "auto" = detect) and
 * `encoding` (a text file's encoding as the import's preview chose it; empty = detect).
 */
async function readUpload(
  request: Request,
): Promise<{ bytes: Uint8Array; name: string | null; format?: ImportFormat; encoding?: string }> {
  const { form, bytes, name } = await readMultipartFile(request, "the export file");
  const format = form.get("format");
  if (format !== null && format !== "" && format !== "auto" && !isImportFormat(format)) {
    throw new InvalidInput(`format: must be one of ${IMPORT_FORMATS.join(", ")} (or leave it out to detect it)`);
  }
  const label = form.get("encoding");
  const encoding = typeof label === "string" && label.trim() ? encodingName(label.slice(0, 40)) : undefined;
  if (encoding === null) {
    throw new InvalidInput("encoding: not an encoding this server can read (e.g. utf-8, windows-1252, iso-8859-2)");
  }
  return {
    bytes,
    name,
    ...(isImportFormat(format) ? { format } : {}),
    ...(encoding ? { encoding } : {}),
  };
}

/** Imports from other apps (issue 23): upload a file, then follow its progress. */
export const importRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .post(
    "/",
    describeRoute({
      tags,
      summary: "Import from another app",
      description:
        "Upload an export of Pocket, Instapaper, Omnivore, Karakeep, Readwise Reader, Raindrop, OneTab or VibeRead, " +
        "a browser's bookmarks or a list of links (multipart, the file in `file`); the import runs in the background: " +
        `follow it with GET /api/imports/{id}. ${IMPORT_LIMITS_SENTENCE}`,
      requestBody: {
        required: true,
        content: {
          "multipart/form-data": {
            schema: {
              type: "object",
              required: ["file"],
              properties: {
                file: { type: "string", contentMediaType: "application/octet-stream", description: "The export file." },
                format: {
                  type: "string",
                  enum: ["auto", ...IMPORT_FORMATS],
                  description: "The file's format; leave it out (or auto) to detect it.",
                },
                encoding: {
                  type: "string",
                  description:
                    "A text file's encoding (a WHATWG label: utf-8, windows-1252, iso-8859-2...); leave it out to detect it.",
                },
              },
            },
          },
        },
      },
      responses: {
        202: jsonResponse("The import, queued.", startedImportJson),
        413: { ...errors(413)["413"], description: `The upload is over its limit. ${IMPORT_LIMITS_SENTENCE}` },
        ...errors(400, 415, 422, 503),
      },
    }),
    async (c) => {
      const { bytes, name, format, encoding } = await readUpload(c.req.raw);
      return c.json(await c.var.services.imports.start(c.var.auth.user.id, { bytes, name }, format, encoding), 202);
    },
  )
  .get(
    "/",
    describeRoute({
      tags,
      summary: "Recent imports",
      description: "The last 20 imports, newest first, with their progress.",
      responses: { 200: jsonResponse("The imports.", importListJson) },
    }),
    async (c) => c.json(await c.var.services.imports.list(c.var.auth.user.id), 200),
  )
  .get(
    "/:id",
    describeRoute({
      tags,
      summary: "An import's progress",
      responses: { 200: jsonResponse("The import.", importJobJson), ...errors(404) },
    }),
    validate("param", importIdParams),
    async (c) => c.json(await c.var.services.imports.get(c.var.auth.user.id, c.req.valid("param").id), 200),
  );
