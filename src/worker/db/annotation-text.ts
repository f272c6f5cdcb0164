import { sql } from "drizzle-orm";

/** The most of an article's notes and highlights the full-text index reads: a value far under D1's 2 MB cap on one. */
export const MAX_ANNOTATION_TEXT_CHARS = 30_000;

/**
 * The reader's own words on an article, as the full-text index's `annotation_text` column is given them: the
 * article's note, then each highlight's quote and its note, a line each, cut at MAX_ANNOTATION_TEXT_CHARS. SQLite's
 * `trim` takes off spaces only, so an article without either gets a line break, never null: no word, as for null.
 * Computed from `articles.note` and `highlights` whenever an entry is written or a match explained, not kept in the
 * row: a copy there duplicated the highlights table (about 200 bytes an article).
 *
 * A correlated subquery for a statement over `articles` (not aliased): one range of `highlights_article_idx`
 * (article_id, user_id), whose order (part, then position) is the order the highlights are joined in. SQL text
 * rather than drizzle columns because the body mover's raw D1 statements read it too; inside a subquery drizzle
 * would leave a column of the outer table unqualified, so every name here is qualified.
 */
export const ANNOTATION_TEXT_SQL = `(SELECT nullif(substr(trim(coalesce("articles"."note", '') || char(10) || coalesce(group_concat("highlights"."exact" || char(10) || coalesce("highlights"."note", ''), char(10)), '')), 1, ${MAX_ANNOTATION_TEXT_CHARS}), '') FROM "highlights" WHERE "highlights"."article_id" = "articles"."id" AND "highlights"."user_id" = "articles"."user_id")`;

/** ANNOTATION_TEXT_SQL for drizzle queries. */
export const annotationText = sql<string | null>`${sql.raw(ANNOTATION_TEXT_SQL)}`;
