import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import type { AppEnv } from "../context";
import { requireAuth } from "../middleware/require-auth";
import { validate } from "../middleware/validate";
import { errors, jsonResponse, noContent } from "../openapi/responses";
import type { NewHighlightInput } from "../services/highlights-service";
import { articleIdParams } from "./article-schemas";
import {
  articleHighlightsJson,
  type CreateHighlightBody,
  createHighlightBody,
  highlightIdParams,
  highlightJson,
  libraryHighlightPageJson,
  libraryHighlightsQuery,
  libraryNotePageJson,
  libraryNotesQuery,
  patchHighlightBody,
  progressBody,
  readingPositionJson,
} from "./highlight-schemas";

const tags = ["Highlights"];

/** The service's input from a request body: selectors as the viewer sends them, or a bare quote. */
function newHighlightInput(body: CreateHighlightBody): NewHighlightInput {
  const quote = body.selectors?.find((s) => s.type === "TextQuoteSelector");
  const position = body.selectors?.find((s) => s.type === "TextPositionSelector");
  return {
    target: body.target,
    color: body.color,
    note: body.note ?? null,
    quote: quote ?? { exact: body.quote ?? "", prefix: "", suffix: "" },
    position: position ? { start: position.start, end: position.end } : undefined,
    clientId: body.client_id,
  };
}

/** /api/articles/{id}/highlights and /api/articles/{id}/progress (issue 32). */
export const articleHighlightRoutes = new Hono<AppEnv>()
  .use("/:id/highlights", requireAuth)
  .use("/:id/progress", requireAuth)
  .get(
    "/:id/highlights",
    describeRoute({
      tags,
      summary: "An article's highlights",
      description: "In reading order: the title, then the summary, then the content.",
      responses: { 200: jsonResponse("The highlights.", articleHighlightsJson), ...errors(404) },
    }),
    validate("param", articleIdParams),
    async (c) => {
      const { id } = c.req.valid("param");
      return c.json(await c.var.services.highlights.ofArticle(c.var.auth.user.id, id), 200);
    },
  )
  .post(
    "/:id/highlights",
    describeRoute({
      tags,
      summary: "Highlight a passage",
      description:
        "W3C selectors (what the viewer sends) or just the passage as `quote`, which is found in the text. A quote " +
        "that is not in the text is refused (422); before the text has arrived the highlight is kept `pending`. " +
        "`client_id` makes a retried offline write idempotent.",
      responses: { 201: jsonResponse("The highlight.", highlightJson), ...errors(404) },
    }),
    validate("param", articleIdParams),
    validate("json", createHighlightBody),
    async (c) => {
      const { id } = c.req.valid("param");
      const body = newHighlightInput(c.req.valid("json"));
      return c.json(await c.var.services.highlights.create(c.var.auth.user.id, id, body), 201);
    },
  )
  .put(
    "/:id/progress",
    describeRoute({
      tags,
      summary: "Save the reading position",
      description:
        "Where the reader is (a text offset) and how far (0-1); an older write than the stored one is kept out.",
      responses: { 200: jsonResponse("The stored position.", readingPositionJson), ...errors(404) },
    }),
    validate("param", articleIdParams),
    validate("json", progressBody),
    async (c) => {
      const { id } = c.req.valid("param");
      const { position, progress, client_updated_at } = c.req.valid("json");
      const stored = await c.var.services.highlights.writePosition(
        c.var.auth.user.id,
        id,
        { offset: position, progress },
        client_updated_at,
      );
      return c.json(stored, 200);
    },
  );

/** /api/highlights: the whole library's highlights, and one highlight's colour, note and deletion. */
export const highlightRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get(
    "/",
    describeRoute({
      tags,
      summary: "All highlights",
      description: "The whole library's highlights, newest first, by cursor; filter by text, colour or tag.",
      responses: { 200: jsonResponse("A page of highlights with their articles.", libraryHighlightPageJson) },
    }),
    validate("query", libraryHighlightsQuery),
    async (c) => {
      return c.json(await c.var.services.highlights.library(c.var.auth.user.id, c.req.valid("query")), 200);
    },
  )
  .get(
    "/notes",
    describeRoute({
      tags,
      summary: "All article notes",
      description:
        "The articles' own notes, most recently written first, by cursor; filter by words in the note or by tag. " +
        "The highlights page lists them beside the highlights.",
      responses: { 200: jsonResponse("A page of notes with their articles.", libraryNotePageJson) },
    }),
    validate("query", libraryNotesQuery),
    async (c) => {
      return c.json(await c.var.services.highlights.libraryNotes(c.var.auth.user.id, c.req.valid("query")), 200);
    },
  )
  .patch(
    "/:id",
    describeRoute({
      tags,
      summary: "Change a highlight",
      description: "Its colour or note; a change older than the stored one is not applied.",
      responses: { 200: jsonResponse("The highlight.", highlightJson), ...errors(404) },
    }),
    validate("param", highlightIdParams),
    validate("json", patchHighlightBody),
    async (c) => {
      const { id } = c.req.valid("param");
      const { client_updated_at, ...patch } = c.req.valid("json");
      return c.json(await c.var.services.highlights.update(c.var.auth.user.id, id, patch, client_updated_at), 200);
    },
  )
  .delete(
    "/:id",
    describeRoute({ tags, summary: "Delete a highlight", responses: { 204: noContent, ...errors(404) } }),
    validate("param", highlightIdParams),
    async (c) => {
      await c.var.services.highlights.remove(c.var.auth.user.id, c.req.valid("param").id);
      return c.body(null, 204);
    },
  );
