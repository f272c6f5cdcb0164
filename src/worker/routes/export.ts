import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import type { AppEnv } from "../context";
import { EXPORT_FORMATS } from "../domain/export/export-article";
import { requireAuth } from "../middleware/require-auth";
import { validate } from "../middleware/validate";

const exportQuery = z.object({
  format: z.enum(EXPORT_FORMATS, { error: `format must be one of ${EXPORT_FORMATS.join(", ")}` }).default("json"),
});

/**
 * GET /api/export?format=json|csv|html|markdown|highlights: the whole library as a streamed attachment (issue 23);
 * `highlights` is only the highlights and notes, one Markdown file per article in a zip (issue 32).
 */
const fileOf = (description: string) => ({ schema: { type: "string" as const, description } });

export const exportRoutes = new Hono<AppEnv>().use(requireAuth).get(
  "/",
  describeRoute({
    tags: ["Import and export"],
    summary: "Export the library",
    description:
      "The whole library as a streamed attachment (`Content-Disposition: attachment`); `highlights` is only the " +
      "highlights and notes, one Markdown file per article, in a zip.",
    responses: {
      200: {
        description: "The export file.",
        content: {
          "application/json": {
            schema: { description: "format=json: every article with its content, tags, highlights and notes." },
          },
          "text/csv": fileOf("format=csv"),
          "text/html": fileOf("format=html: a bookmarks file other apps import."),
          "application/zip": fileOf("format=markdown or highlights: a zip of Markdown files."),
        },
      },
    },
  }),
  validate("query", exportQuery),
  (c) => {
    const { format } = c.req.valid("query");
    const { stream, contentType, filename } = c.var.services.exports.export(c.var.auth.user.id, format);
    return c.body(stream, 200, {
      "Content-Type": contentType,
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    });
  },
);
