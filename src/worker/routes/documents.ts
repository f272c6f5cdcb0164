import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import type { AppEnv } from "../context";
import { formatByteLimit } from "../domain/byte-size";
import { MAX_DOCUMENT_BYTES, MAX_PDF_PAGES } from "../domain/documents/document-limits";
import { readMultipartFile } from "../middleware/multipart-file";
import { requireAuth } from "../middleware/require-auth";
import { validate } from "../middleware/validate";
import { errors, jsonResponse } from "../openapi/responses";
import type { UploadedFile } from "../services/documents-service";
import { articleJson, duplicateArticleError } from "./article-schemas";

const tags = ["Articles"];

export const DOCUMENT_LIMITS_SENTENCE =
  `PDF, EPUB, HTML, Markdown or plain text, up to ${formatByteLimit(MAX_DOCUMENT_BYTES)} ` +
  `and (a PDF) ${MAX_PDF_PAGES} pages.`;

const documentParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,15}$/, "must be a positive whole number")
    .transform(Number),
});

/** The upload: multipart with the file in `file`. */
async function readUpload(request: Request): Promise<UploadedFile> {
  const { bytes, name, type } = await readMultipartFile(request, "the document");
  return { bytes, name, type };
}

/** Issue 54: documents in (an upload becomes an article) and their originals out. */
export const documentRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .post(
    "/",
    describeRoute({
      tags,
      summary: "Upload a document",
      description:
        "Reads the file at once (its kind by its content, not its name) and saves it as an article, processed like a " +
        `saved link (language, summary, topics). ${DOCUMENT_LIMITS_SENTENCE} A file that cannot be read is refused ` +
        "with the reason and nothing is stored.",
      requestBody: {
        required: true,
        content: {
          "multipart/form-data": {
            schema: {
              type: "object",
              required: ["file"],
              properties: {
                file: { type: "string", contentMediaType: "application/octet-stream", description: "The document." },
              },
            },
          },
        },
      },
      responses: {
        201: jsonResponse("The saved article, processing.", articleJson),
        409: jsonResponse("The same file is already in the library: the article that is there.", duplicateArticleError),
        413: { ...errors(413)["413"], description: `The file is over the limit. ${DOCUMENT_LIMITS_SENTENCE}` },
        415: {
          ...errors(415)["415"],
          description: "Not a kind of document VibeRead reads, or not what its name says (a .pdf that is not a PDF).",
        },
        422: {
          ...errors(422)["422"],
          description: "A document that cannot be read: encrypted, without text (a scan), damaged, or too many pages.",
        },
        ...errors(400),
      },
    }),
    async (c) => {
      const file = await readUpload(c.req.raw);
      return c.json(await c.var.services.documents.upload(c.var.auth.user.id, file), 201);
    },
  )
  .get(
    "/:id/original",
    describeRoute({
      tags,
      summary: "A document's original file",
      description: "The file the article was read from, as it was uploaded or as its link answered (Open original).",
      responses: {
        200: {
          description: "The file.",
          content: {
            "application/octet-stream": { schema: { type: "string", contentMediaType: "application/octet-stream" } },
          },
        },
        ...errors(404, 422),
      },
    }),
    validate("param", documentParams),
    async (c) => {
      const { id } = c.req.valid("param");
      const original = await c.var.services.documents.original(c.var.auth.user.id, id);
      const name = original.fileName.replace(/["\\\r\n]/g, "_");
      return new Response(original.body, {
        headers: {
          "Content-Type": original.contentType,
          "Content-Length": String(original.size),
          "Content-Disposition": `inline; filename="${name.replace(/[^\x20-\x7e]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(original.fileName)}`,
          "Cache-Control": "private, no-store",
          "X-Content-Type-Options": "nosniff",
          // An uploaded HTML file opened as it is must not run script in the app's origin.
          "Content-Security-Policy": "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox",
        },
      });
    },
  );
