-- Article bodies move to R2 (ARTICLE_BODIES): `body_key` names an article's body object; `content` and `search_text`
-- stay only in rows not moved yet, which jobs/body-mover.ts moves while the app serves.
ALTER TABLE `articles` ADD `body_key` text;
--> statement-breakpoint
-- The rows whose body is still to move (the mover reads only these; empty once they have moved).
CREATE INDEX `articles_unmoved_body_idx` ON `articles` (`id`) WHERE "articles"."body_key" IS NULL AND "articles"."content" IS NOT NULL;
--> statement-breakpoint
-- The full-text index becomes contentless (content=''): an external-content index reads its text back from
-- `articles` to delete or re-index a row, and the text is leaving `articles`. contentless_delete=1 lets a row be
-- deleted or replaced by rowid alone. The app writes each article's entry with all its columns, the body's text
-- in hand or read from R2 (db/repositories/search-index.ts); only the delete stays a trigger.
-- Word positions stay (detail=full): a contentless index with detail=column or none keeps its matches but bm25 reads
-- every match as 0, so ranking would be lost (measured 2026-12-01, SQLite 3.51; with positions, on 120 dev-set pages
-- the index is 5,598 bytes per article optimised, against 2,833 with detail=column).
DROP TRIGGER `articles_fts_after_insert`;
--> statement-breakpoint
DROP TRIGGER `articles_fts_after_delete`;
--> statement-breakpoint
DROP TRIGGER `articles_fts_after_update`;
--> statement-breakpoint
DROP TABLE `articles_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `articles_fts` USING fts5(
	title, summary, search_text, domain, author, annotation_text, user_id,
	content='', contentless_delete=1,
	tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
-- Every existing article, from the text still in its row (nothing has moved to R2 before this migration), in
-- statements of 25,000 ids (those above 1,000,000 in one last): D1 stops a query at 30 s, and indexing took 0.66 ms
-- an article (10,120 dev-set articles in 6.7 s, SQLite 3.51, 2026-12-01): one statement over a full database would not finish.
INSERT INTO articles_fts(rowid, title, summary, search_text, domain, author, annotation_text, user_id)
SELECT id, title, summary, search_text, domain, author, annotation_text, user_id FROM articles WHERE id > 0 AND id <= 25000;
--> statement-breakpoint
INSERT INTO articles_fts(rowid, title, summary, search_text, domain, author, annotation_text, user_id)
SELECT id, title, summary, search_text, domain, author, annotation_text, user_id FROM articles WHERE id > 25000 AND id <= 50000;
--> statement-breakpoint
INSERT INTO articles_fts(rowid, title, summary, search_text, domain, author, annotation_text, user_id)
SELECT id, title, summary, search_text, domain, author, annotation_text, user_id FROM articles WHERE id > 50000 AND id <= 75000;
--> statement-breakpoint
INSERT INTO articles_fts(rowid, title, summary, search_text, domain, author, annotation_text, user_id)
SELECT id, title, summary, search_text, domain, author, annotation_text, user_id FROM articles WHERE id > 75000 AND id <= 100000;
--> statement-breakpoint
INSERT INTO articles_fts(rowid, title, summary, search_text, domain, author, annotation_text, user_id)
SELECT id, title, summary, search_text, domain, author, annotation_text, user_id FROM articles WHERE id > 100000 AND id <= 125000;
--> statement-breakpoint
INSERT INTO articles_fts(rowid, title, summary, search_text, domain, author, annotation_text, user_id)
SELECT id, title, summary, search_text, domain, author, annotation_text, user_id FROM articles WHERE id > 125000 AND id <= 150000;
--> statement-breakpoint
INSERT INTO articles_fts(rowid, title, summary, search_text, domain, author, annotation_text, user_id)
SELECT id, title, summary, search_text, domain, author, annotation_text, user_id FROM articles WHERE id > 150000 AND id <= 175000;
--> statement-breakpoint
INSERT INTO articles_fts(rowid, title, summary, search_text, domain, author, annotation_text, user_id)
SELECT id, title, summary, search_text, domain, author, annotation_text, user_id FROM articles WHERE id > 175000 AND id <= 200000;
--> statement-breakpoint
INSERT INTO articles_fts(rowid, title, summary, search_text, domain, author, annotation_text, user_id)
SELECT id, title, summary, search_text, domain, author, annotation_text, user_id FROM articles WHERE id > 200000 AND id <= 225000;
--> statement-breakpoint
INSERT INTO articles_fts(rowid, title, summary, search_text, domain, author, annotation_text, user_id)
SELECT id, title, summary, search_text, domain, author, annotation_text, user_id FROM articles WHERE id > 225000 AND id <= 250000;
--> statement-breakpoint
INSERT INTO articles_fts(rowid, title, summary, search_text, domain, author, annotation_text, user_id)
SELECT id, title, summary, search_text, domain, author, annotation_text, user_id FROM articles WHERE id > 250000 AND id <= 275000;
--> statement-breakpoint
INSERT INTO articles_fts(rowid, title, summary, search_text, domain, author, annotation_text, user_id)
SELECT id, title, summary, search_text, domain, author, annotation_text, user_id FROM articles WHERE id > 275000 AND id <= 300000;
--> statement-breakpoint
INSERT INTO articles_fts(rowid, title, summary, search_text, domain, author, annotation_text, user_id)
SELECT id, title, summary, search_text, domain, author, annotation_text, user_id FROM articles WHERE id > 300000 AND id <= 325000;
--> statement-breakpoint
INSERT INTO articles_fts(rowid, title, summary, search_text, domain, author, annotation_text, user_id)
SELECT id, title, summary, search_text, domain, author, annotation_text, user_id FROM articles WHERE id > 325000 AND id <= 350000;
--> statement-breakpoint
INSERT INTO articles_fts(rowid, title, summary, search_text, domain, author, annotation_text, user_id)
SELECT id, title, summary, search_text, domain, author, annotation_text, user_id FROM articles WHERE id > 350000 AND id <= 375000;
--> statement-breakpoint
INSERT INTO articles_fts(rowid, title, summary, search_text, domain, author, annotation_text, user_id)
SELECT id, title, summary, search_text, domain, author, annotation_text, user_id FROM articles WHERE id > 375000 AND id <= 400000;
--> statement-breakpoint
INSERT INTO articles_fts(rowid, title, summary, search_text, domain, author, annotation_text, user_id)
SELECT id, title, summary, search_text, domain, author, annotation_text, user_id FROM articles WHERE id > 400000 AND id <= 425000;
--> statement-breakpoint
INSERT INTO articles_fts(rowid, title, summary, search_text, domain, author, annotation_text, user_id)
SELECT id, title, summary, search_text, domain, author, annotation_text, user_id FROM articles WHERE id > 425000 AND id <= 450000;
--> statement-breakpoint
INSERT INTO articles_fts(rowid, title, summary, search_text, domain, author, annotation_text, user_id)
SELECT id, title, summary, search_text, domain, author, annotation_text, user_id FROM articles WHERE id > 450000 AND id <= 475000;
--> statement-breakpoint
INSERT INTO articles_fts(rowid, title, summary, search_text, domain, author, annotation_text, user_id)
SELECT id, title, summary, search_text, domain, author, annotation_text, user_id FROM articles WHERE id > 475000 AND id <= 500000;
--> statement-breakpoint
INSERT INTO articles_fts(rowid, title, summary, search_text, domain, author, annotation_text, user_id)
SELECT id, title, summary, search_text, domain, author, annotation_text, user_id FROM articles WHERE id > 500000 AND id <= 525000;
--> statement-breakpoint
INSERT INTO articles_fts(rowid, title, summary, search_text, domain, author, annotation_text, user_id)
SELECT id, title, summary, search_text, domain, author, annotation_text, user_id FROM articles WHERE id > 525000 AND id <= 550000;
--> statement-breakpoint
INSERT INTO articles_fts(rowid, title, summary, search_text, domain, author, annotation_text, user_id)
SELECT id, title, summary, search_text, domain, author, annotation_text, user_id FROM articles WHERE id > 550000 AND id <= 575000;
--> statement-breakpoint
INSERT INTO articles_fts(rowid, title, summary, search_text, domain, author, annotation_text, user_id)
SELECT id, title, summary, search_text, domain, author, annotation_text, user_id FROM articles WHERE id > 575000 AND id <= 600000;
--> statement-breakpoint
INSERT INTO articles_fts(rowid, title, summary, search_text, domain, author, annotation_text, user_id)
SELECT id, title, summary, search_text, domain, author, annotation_text, user_id FROM articles WHERE id > 600000 AND id <= 625000;
--> statement-breakpoint
INSERT INTO articles_fts(rowid, title, summary, search_text, domain, author, annotation_text, user_id)
SELECT id, title, summary, search_text, domain, author, annotation_text, user_id FROM articles WHERE id > 625000 AND id <= 650000;
--> statement-breakpoint
INSERT INTO articles_fts(rowid, title, summary, search_text, domain, author, annotation_text, user_id)
SELECT id, title, summary, search_text, domain, author, annotation_text, user_id FROM articles WHERE id > 650000 AND id <= 675000;
--> statement-breakpoint
INSERT INTO articles_fts(rowid, title, summary, search_text, domain, author, annotation_text, user_id)
SELECT id, title, summary, search_text, domain, author, annotation_text, user_id FROM articles WHERE id > 675000 AND id <= 700000;
--> statement-breakpoint
INSERT INTO articles_fts(rowid, title, summary, search_text, domain, author, annotation_text, user_id)
SELECT id, title, summary, search_text, domain, author, annotation_text, user_id FROM articles WHERE id > 700000 AND id <= 725000;
--> statement-breakpoint
INSERT INTO articles_fts(rowid, title, summary, search_text, domain, author, annotation_text, user_id)
SELECT id, title, summary, search_text, domain, author, annotation_text, user_id FROM articles WHERE id > 725000 AND id <= 750000;
--> statement-breakpoint
INSERT INTO articles_fts(rowid, title, summary, search_text, domain, author, annotation_text, user_id)
SELECT id, title, summary, search_text, domain, author, annotation_text, user_id FROM articles WHERE id > 750000 AND id <= 775000;
--> statement-breakpoint
INSERT INTO articles_fts(rowid, title, summary, search_text, domain, author, annotation_text, user_id)
SELECT id, title, summary, search_text, domain, author, annotation_text, user_id FROM articles WHERE id > 775000 AND id <= 800000;
--> statement-breakpoint
INSERT INTO articles_fts(rowid, title, summary, search_text, domain, author, annotation_text, user_id)
SELECT id, title, summary, search_text, domain, author, annotation_text, user_id FROM articles WHERE id > 800000 AND id <= 825000;
--> statement-breakpoint
INSERT INTO articles_fts(rowid, title, summary, search_text, domain, author, annotation_text, user_id)
SELECT id, title, summary, search_text, domain, author, annotation_text, user_id FROM articles WHERE id > 825000 AND id <= 850000;
--> statement-breakpoint
INSERT INTO articles_fts(rowid, title, summary, search_text, domain, author, annotation_text, user_id)
SELECT id, title, summary, search_text, domain, author, annotation_text, user_id FROM articles WHERE id > 850000 AND id <= 875000;
--> statement-breakpoint
INSERT INTO articles_fts(rowid, title, summary, search_text, domain, author, annotation_text, user_id)
SELECT id, title, summary, search_text, domain, author, annotation_text, user_id FROM articles WHERE id > 875000 AND id <= 900000;
--> statement-breakpoint
INSERT INTO articles_fts(rowid, title, summary, search_text, domain, author, annotation_text, user_id)
SELECT id, title, summary, search_text, domain, author, annotation_text, user_id FROM articles WHERE id > 900000 AND id <= 925000;
--> statement-breakpoint
INSERT INTO articles_fts(rowid, title, summary, search_text, domain, author, annotation_text, user_id)
SELECT id, title, summary, search_text, domain, author, annotation_text, user_id FROM articles WHERE id > 925000 AND id <= 950000;
--> statement-breakpoint
INSERT INTO articles_fts(rowid, title, summary, search_text, domain, author, annotation_text, user_id)
SELECT id, title, summary, search_text, domain, author, annotation_text, user_id FROM articles WHERE id > 950000 AND id <= 975000;
--> statement-breakpoint
INSERT INTO articles_fts(rowid, title, summary, search_text, domain, author, annotation_text, user_id)
SELECT id, title, summary, search_text, domain, author, annotation_text, user_id FROM articles WHERE id > 975000 AND id <= 1000000;
--> statement-breakpoint
INSERT INTO articles_fts(rowid, title, summary, search_text, domain, author, annotation_text, user_id)
SELECT id, title, summary, search_text, domain, author, annotation_text, user_id FROM articles WHERE id > 1000000;
--> statement-breakpoint
-- A new row is indexed with what it has (a save has a title and domain, no text yet): the app writes the entry
-- again when its text arrives.
CREATE TRIGGER `articles_fts_after_insert` AFTER INSERT ON `articles` BEGIN
	INSERT INTO articles_fts(rowid, title, summary, search_text, domain, author, annotation_text, user_id)
	VALUES (new.id, new.title, new.summary, new.search_text, new.domain, new.author, new.annotation_text, new.user_id);
END;
--> statement-breakpoint
CREATE TRIGGER `articles_fts_after_delete` AFTER DELETE ON `articles` BEGIN
	DELETE FROM articles_fts WHERE rowid = old.id;
END;
--> statement-breakpoint
-- Weights as in migrations 0004, 0011 and 0020: title 10, summary 4, text 1, domain 2, author 2, notes and
-- highlights 4, user_id 0.
INSERT INTO articles_fts(articles_fts, rank) VALUES ('rank', 'bm25(10.0, 4.0, 1.0, 2.0, 2.0, 4.0, 0.0)');
