-- The note and highlights the full-text index reads are no longer copied into each article's row: they are in
-- `articles.note` and `highlights` already, and the copy cost about 200 bytes an article (docs/capacity.md). The
-- app reads them from there when it writes an entry (db/annotation-text.ts).
-- The column is emptied, not dropped: SQLite's DROP COLUMN rewrites the whole table in one statement, which on a
-- shard of a million articles could pass D1's 30 s per query. Emptied by id ranges of 25,000 (as migration 0028
-- indexes), each rewriting only the rows that have a value; the column stays in the table, always NULL (a NULL
-- costs a byte of the record's header), and is gone from the app's schema (db/schema.ts, docs/footguns.md).
-- The insert trigger no longer copies it: a row is inserted before any highlight of it (a save has neither note nor
-- highlights; the library mover copies highlights after their articles and writes those entries again).
DROP TRIGGER `articles_fts_after_insert`;
--> statement-breakpoint
CREATE TRIGGER `articles_fts_after_insert` AFTER INSERT ON `articles` BEGIN
	INSERT INTO articles_fts(rowid, title, summary, search_text, domain, author, annotation_text, user_id)
	VALUES (new.id, new.title, new.summary, new.search_text, new.domain, new.author, NULL, new.user_id);
END;
--> statement-breakpoint
UPDATE `articles` SET `annotation_text` = NULL WHERE `id` > 0 AND `id` <= 25000 AND `annotation_text` IS NOT NULL;
--> statement-breakpoint
UPDATE `articles` SET `annotation_text` = NULL WHERE `id` > 25000 AND `id` <= 50000 AND `annotation_text` IS NOT NULL;
--> statement-breakpoint
UPDATE `articles` SET `annotation_text` = NULL WHERE `id` > 50000 AND `id` <= 75000 AND `annotation_text` IS NOT NULL;
--> statement-breakpoint
UPDATE `articles` SET `annotation_text` = NULL WHERE `id` > 75000 AND `id` <= 100000 AND `annotation_text` IS NOT NULL;
--> statement-breakpoint
UPDATE `articles` SET `annotation_text` = NULL WHERE `id` > 100000 AND `id` <= 125000 AND `annotation_text` IS NOT NULL;
--> statement-breakpoint
UPDATE `articles` SET `annotation_text` = NULL WHERE `id` > 125000 AND `id` <= 150000 AND `annotation_text` IS NOT NULL;
--> statement-breakpoint
UPDATE `articles` SET `annotation_text` = NULL WHERE `id` > 150000 AND `id` <= 175000 AND `annotation_text` IS NOT NULL;
--> statement-breakpoint
UPDATE `articles` SET `annotation_text` = NULL WHERE `id` > 175000 AND `id` <= 200000 AND `annotation_text` IS NOT NULL;
--> statement-breakpoint
UPDATE `articles` SET `annotation_text` = NULL WHERE `id` > 200000 AND `id` <= 225000 AND `annotation_text` IS NOT NULL;
--> statement-breakpoint
UPDATE `articles` SET `annotation_text` = NULL WHERE `id` > 225000 AND `id` <= 250000 AND `annotation_text` IS NOT NULL;
--> statement-breakpoint
UPDATE `articles` SET `annotation_text` = NULL WHERE `id` > 250000 AND `id` <= 275000 AND `annotation_text` IS NOT NULL;
--> statement-breakpoint
UPDATE `articles` SET `annotation_text` = NULL WHERE `id` > 275000 AND `id` <= 300000 AND `annotation_text` IS NOT NULL;
--> statement-breakpoint
UPDATE `articles` SET `annotation_text` = NULL WHERE `id` > 300000 AND `id` <= 325000 AND `annotation_text` IS NOT NULL;
--> statement-breakpoint
UPDATE `articles` SET `annotation_text` = NULL WHERE `id` > 325000 AND `id` <= 350000 AND `annotation_text` IS NOT NULL;
--> statement-breakpoint
UPDATE `articles` SET `annotation_text` = NULL WHERE `id` > 350000 AND `id` <= 375000 AND `annotation_text` IS NOT NULL;
--> statement-breakpoint
UPDATE `articles` SET `annotation_text` = NULL WHERE `id` > 375000 AND `id` <= 400000 AND `annotation_text` IS NOT NULL;
--> statement-breakpoint
UPDATE `articles` SET `annotation_text` = NULL WHERE `id` > 400000 AND `id` <= 425000 AND `annotation_text` IS NOT NULL;
--> statement-breakpoint
UPDATE `articles` SET `annotation_text` = NULL WHERE `id` > 425000 AND `id` <= 450000 AND `annotation_text` IS NOT NULL;
--> statement-breakpoint
UPDATE `articles` SET `annotation_text` = NULL WHERE `id` > 450000 AND `id` <= 475000 AND `annotation_text` IS NOT NULL;
--> statement-breakpoint
UPDATE `articles` SET `annotation_text` = NULL WHERE `id` > 475000 AND `id` <= 500000 AND `annotation_text` IS NOT NULL;
--> statement-breakpoint
UPDATE `articles` SET `annotation_text` = NULL WHERE `id` > 500000 AND `id` <= 525000 AND `annotation_text` IS NOT NULL;
--> statement-breakpoint
UPDATE `articles` SET `annotation_text` = NULL WHERE `id` > 525000 AND `id` <= 550000 AND `annotation_text` IS NOT NULL;
--> statement-breakpoint
UPDATE `articles` SET `annotation_text` = NULL WHERE `id` > 550000 AND `id` <= 575000 AND `annotation_text` IS NOT NULL;
--> statement-breakpoint
UPDATE `articles` SET `annotation_text` = NULL WHERE `id` > 575000 AND `id` <= 600000 AND `annotation_text` IS NOT NULL;
--> statement-breakpoint
UPDATE `articles` SET `annotation_text` = NULL WHERE `id` > 600000 AND `id` <= 625000 AND `annotation_text` IS NOT NULL;
--> statement-breakpoint
UPDATE `articles` SET `annotation_text` = NULL WHERE `id` > 625000 AND `id` <= 650000 AND `annotation_text` IS NOT NULL;
--> statement-breakpoint
UPDATE `articles` SET `annotation_text` = NULL WHERE `id` > 650000 AND `id` <= 675000 AND `annotation_text` IS NOT NULL;
--> statement-breakpoint
UPDATE `articles` SET `annotation_text` = NULL WHERE `id` > 675000 AND `id` <= 700000 AND `annotation_text` IS NOT NULL;
--> statement-breakpoint
UPDATE `articles` SET `annotation_text` = NULL WHERE `id` > 700000 AND `id` <= 725000 AND `annotation_text` IS NOT NULL;
--> statement-breakpoint
UPDATE `articles` SET `annotation_text` = NULL WHERE `id` > 725000 AND `id` <= 750000 AND `annotation_text` IS NOT NULL;
--> statement-breakpoint
UPDATE `articles` SET `annotation_text` = NULL WHERE `id` > 750000 AND `id` <= 775000 AND `annotation_text` IS NOT NULL;
--> statement-breakpoint
UPDATE `articles` SET `annotation_text` = NULL WHERE `id` > 775000 AND `id` <= 800000 AND `annotation_text` IS NOT NULL;
--> statement-breakpoint
UPDATE `articles` SET `annotation_text` = NULL WHERE `id` > 800000 AND `id` <= 825000 AND `annotation_text` IS NOT NULL;
--> statement-breakpoint
UPDATE `articles` SET `annotation_text` = NULL WHERE `id` > 825000 AND `id` <= 850000 AND `annotation_text` IS NOT NULL;
--> statement-breakpoint
UPDATE `articles` SET `annotation_text` = NULL WHERE `id` > 850000 AND `id` <= 875000 AND `annotation_text` IS NOT NULL;
--> statement-breakpoint
UPDATE `articles` SET `annotation_text` = NULL WHERE `id` > 875000 AND `id` <= 900000 AND `annotation_text` IS NOT NULL;
--> statement-breakpoint
UPDATE `articles` SET `annotation_text` = NULL WHERE `id` > 900000 AND `id` <= 925000 AND `annotation_text` IS NOT NULL;
--> statement-breakpoint
UPDATE `articles` SET `annotation_text` = NULL WHERE `id` > 925000 AND `id` <= 950000 AND `annotation_text` IS NOT NULL;
--> statement-breakpoint
UPDATE `articles` SET `annotation_text` = NULL WHERE `id` > 950000 AND `id` <= 975000 AND `annotation_text` IS NOT NULL;
--> statement-breakpoint
UPDATE `articles` SET `annotation_text` = NULL WHERE `id` > 975000 AND `id` <= 1000000 AND `annotation_text` IS NOT NULL;
--> statement-breakpoint
UPDATE `articles` SET `annotation_text` = NULL WHERE `id` > 1000000 AND `annotation_text` IS NOT NULL;
