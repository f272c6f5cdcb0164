-- The note and highlights the full-text index reads are no longer copied into each article's row: they are in
-- `articles.note` and `highlights` already, and the copy cost about 200 bytes an article (docs/capacity.md). The
-- app reads them from there when it writes an entry (db/annotation-text.ts). SQLite refuses to drop a column that a
-- trigger names, so the insert trigger is created again first, without it: a row is inserted before any highlight
-- of it (a save has neither note nor highlights; the library mover copies highlights after their articles and
-- writes those entries again).
DROP TRIGGER `articles_fts_after_insert`;
--> statement-breakpoint
CREATE TRIGGER `articles_fts_after_insert` AFTER INSERT ON `articles` BEGIN
	INSERT INTO articles_fts(rowid, title, summary, search_text, domain, author, annotation_text, user_id)
	VALUES (new.id, new.title, new.summary, new.search_text, new.domain, new.author, NULL, new.user_id);
END;
--> statement-breakpoint
ALTER TABLE `articles` DROP COLUMN `annotation_text`;
