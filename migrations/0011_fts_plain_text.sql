-- The full-text index reads the article's plain text instead of its HTML: indexing the markup made a search
-- for "strong", "figure" or "href" find articles by their tags and attributes. `search_text` is written with
-- the content by processing; rows saved before keep their HTML there until they are processed again.
ALTER TABLE `articles` ADD `search_text` text;
--> statement-breakpoint
UPDATE `articles` SET `search_text` = `content` WHERE `content` IS NOT NULL;
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
	title, summary, search_text, domain, author, user_id,
	content='articles', content_rowid='id',
	tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `articles_fts_after_insert` AFTER INSERT ON `articles` BEGIN
	INSERT INTO articles_fts(rowid, title, summary, search_text, domain, author, user_id)
	VALUES (new.id, new.title, new.summary, new.search_text, new.domain, new.author, new.user_id);
END;
--> statement-breakpoint
CREATE TRIGGER `articles_fts_after_delete` AFTER DELETE ON `articles` BEGIN
	INSERT INTO articles_fts(articles_fts, rowid, title, summary, search_text, domain, author, user_id)
	VALUES ('delete', old.id, old.title, old.summary, old.search_text, old.domain, old.author, old.user_id);
END;
--> statement-breakpoint
-- Only when indexed text changes: marking read or updating the processing status must not re-index content.
CREATE TRIGGER `articles_fts_after_update` AFTER UPDATE OF title, summary, search_text, domain, author ON `articles` BEGIN
	INSERT INTO articles_fts(articles_fts, rowid, title, summary, search_text, domain, author, user_id)
	VALUES ('delete', old.id, old.title, old.summary, old.search_text, old.domain, old.author, old.user_id);
	INSERT INTO articles_fts(rowid, title, summary, search_text, domain, author, user_id)
	VALUES (new.id, new.title, new.summary, new.search_text, new.domain, new.author, new.user_id);
END;
--> statement-breakpoint
INSERT INTO articles_fts(articles_fts) VALUES ('rebuild');
--> statement-breakpoint
-- Same weights as migration 0004 (the setting lived in the dropped table): title 10, summary 4, text 1,
-- domain 2, author 2, user_id 0.
INSERT INTO articles_fts(articles_fts, rank) VALUES ('rank', 'bm25(10.0, 4.0, 1.0, 2.0, 2.0, 0.0)');
