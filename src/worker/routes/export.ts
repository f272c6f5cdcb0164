import { Hono } from "hono";
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
export const exportRoutes = new Hono<AppEnv>().use(requireAuth).get("/", validate("query", exportQuery), (c) => {
  const { format } = c.req.valid("query");
  const { stream, contentType, filename } = c.var.services.exports.export(c.var.auth.user.id, format);
  return c.body(stream, 200, {
    "Content-Type": contentType,
    "Content-Disposition": `attachment; filename="${filename}"`,
    "Cache-Control": "no-store",
  });
});
