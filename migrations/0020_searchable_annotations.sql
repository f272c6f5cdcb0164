-- Issue 32: the article note and the article's highlights (quotes and their notes) are found by every search of
-- the library (the dashboard's, the chat/library search, MCP search_articles), which all read `articles_fts`.
-- `annotation_text` holds them as one text per article, written by the highlights service with each highlight
-- or note write (one UPDATE), and indexed as its own column with the summary's weight. At most 30,000 characters
-- (the row's 2 MB cap leaves the content its 1.8 MB; /api/highlights still searches every highlight).
ALTER TABLE `articles` ADD `annotation_text` text;
--> statement-breakpoint
UPDATE `articles` SET `annotation_text` = (
	SELECT nullif(substr(trim(coalesce(`articles`.`note`, '') || char(10) ||
		coalesce(group_concat(h.`exact` || char(10) || coalesce(h.`note`, ''), char(10)), '')), 1, 30000), '')
	FROM `highlights` h WHERE h.`article_id` = `articles`.`id` AND h.`user_id` = `articles`.`user_id`
)
WHERE `note` IS NOT NULL OR `id` IN (SELECT `article_id` FROM `highlights`);
--> statement-breakpoint
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
	content='articles', content_rowid='id',
	tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `articles_fts_after_insert` AFTER INSERT ON `articles` BEGIN
	INSERT INTO articles_fts(rowid, title, summary, search_text, domain, author, annotation_text, user_id)
	VALUES (new.id, new.title, new.summary, new.search_text, new.domain, new.author, new.annotation_text, new.user_id);
END;
--> statement-breakpoint
CREATE TRIGGER `articles_fts_after_delete` AFTER DELETE ON `articles` BEGIN
	INSERT INTO articles_fts(articles_fts, rowid, title, summary, search_text, domain, author, annotation_text, user_id)
	VALUES ('delete', old.id, old.title, old.summary, old.search_text, old.domain, old.author, old.annotation_text, old.user_id);
END;
--> statement-breakpoint
-- Only when indexed text really changes: re-indexing a row reads its whole text again, and a colour change or a
-- re-anchoring writes annotation_text unchanged.
CREATE TRIGGER `articles_fts_after_update` AFTER UPDATE OF title, summary, search_text, domain, author, annotation_text ON `articles`
WHEN old.title IS NOT new.title OR old.summary IS NOT new.summary OR old.search_text IS NOT new.search_text
	OR old.domain IS NOT new.domain OR old.author IS NOT new.author OR old.annotation_text IS NOT new.annotation_text
BEGIN
	INSERT INTO articles_fts(articles_fts, rowid, title, summary, search_text, domain, author, annotation_text, user_id)
	VALUES ('delete', old.id, old.title, old.summary, old.search_text, old.domain, old.author, old.annotation_text, old.user_id);
	INSERT INTO articles_fts(rowid, title, summary, search_text, domain, author, annotation_text, user_id)
	VALUES (new.id, new.title, new.summary, new.search_text, new.domain, new.author, new.annotation_text, new.user_id);
END;
--> statement-breakpoint
INSERT INTO articles_fts(articles_fts) VALUES ('rebuild');
--> statement-breakpoint
-- Weights as in migrations 0004 and 0011, and the reader's own words like the summary: title 10, summary 4,
-- text 1, domain 2, author 2, notes and highlights 4, user_id 0.
INSERT INTO articles_fts(articles_fts, rank) VALUES ('rank', 'bm25(10.0, 4.0, 1.0, 2.0, 2.0, 4.0, 0.0)');
