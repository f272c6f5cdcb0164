-- Full-text index over each article's title, summary, content, domain and author, kept in step by triggers.
-- External content (content='articles'): the text is stored once, in `articles`.
-- user_id is an indexed column too, so queries say `user_id : "<id>" AND (...)` and the index itself keeps
-- every search inside one user's library.
CREATE VIRTUAL TABLE `articles_fts` USING fts5(
	title, summary, content, domain, author, user_id,
	content='articles', content_rowid='id',
	tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `articles_fts_after_insert` AFTER INSERT ON `articles` BEGIN
	INSERT INTO articles_fts(rowid, title, summary, content, domain, author, user_id)
	VALUES (new.id, new.title, new.summary, new.content, new.domain, new.author, new.user_id);
END;
--> statement-breakpoint
CREATE TRIGGER `articles_fts_after_delete` AFTER DELETE ON `articles` BEGIN
	INSERT INTO articles_fts(articles_fts, rowid, title, summary, content, domain, author, user_id)
	VALUES ('delete', old.id, old.title, old.summary, old.content, old.domain, old.author, old.user_id);
END;
--> statement-breakpoint
-- Only when indexed text changes: marking read or updating the processing status must not re-index content.
CREATE TRIGGER `articles_fts_after_update` AFTER UPDATE OF title, summary, content, domain, author ON `articles` BEGIN
	INSERT INTO articles_fts(articles_fts, rowid, title, summary, content, domain, author, user_id)
	VALUES ('delete', old.id, old.title, old.summary, old.content, old.domain, old.author, old.user_id);
	INSERT INTO articles_fts(rowid, title, summary, content, domain, author, user_id)
	VALUES (new.id, new.title, new.summary, new.content, new.domain, new.author, new.user_id);
END;
