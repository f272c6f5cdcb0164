-- Issue 32: highlights with notes, an article note and a synced reading position.
-- A highlight is stored as W3C Web Annotation selectors over the text of one part of the article (its
-- `target`: the content, the summary or the title): a TextQuoteSelector (exact, prefix, suffix), which is what
-- finds it again after the text changes, and a TextPositionSelector (start, end), a hint that makes the usual
-- case (unchanged text) instant. `anchor_status` says whether the quote was found in the current text:
-- 'anchored', 'orphaned' (no longer in the text: kept and listed, never dropped) or 'pending' (imported before
-- the article's text arrived).
CREATE TABLE `highlights` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`article_id` integer NOT NULL,
	`target` text DEFAULT 'content' NOT NULL,
	`exact` text NOT NULL,
	`prefix` text DEFAULT '' NOT NULL,
	`suffix` text DEFAULT '' NOT NULL,
	`position_start` integer,
	`position_end` integer,
	`anchor_status` text DEFAULT 'anchored' NOT NULL,
	`color` text DEFAULT 'yellow' NOT NULL,
	`note` text,
	`client_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "highlights_target_check" CHECK("highlights"."target" IN ('content','summary','title')),
	CONSTRAINT "highlights_color_check" CHECK("highlights"."color" IN ('yellow','green','blue','pink')),
	CONSTRAINT "highlights_status_check" CHECK("highlights"."anchor_status" IN ('anchored','orphaned','pending'))
);
--> statement-breakpoint
CREATE INDEX `highlights_user_created_idx` ON `highlights` (`user_id`,"created_at" DESC,"id" DESC);
--> statement-breakpoint
CREATE INDEX `highlights_article_idx` ON `highlights` (`article_id`,`target`,`position_start`);
--> statement-breakpoint
CREATE INDEX `highlights_user_color_idx` ON `highlights` (`user_id`,`color`,"created_at" DESC,"id" DESC);
--> statement-breakpoint
CREATE UNIQUE INDEX `highlights_user_client_unique` ON `highlights` (`user_id`,`client_id`);
--> statement-breakpoint
-- Full-text search over quotes and notes, one user's rows at a time (user_id is an indexed column, as in
-- articles_fts), with the same tokenizer as the articles' index so every language the product detects works.
CREATE VIRTUAL TABLE `highlights_fts` USING fts5(
	exact, note, user_id,
	content='highlights', content_rowid='id',
	tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `highlights_fts_after_insert` AFTER INSERT ON `highlights` BEGIN
	INSERT INTO highlights_fts(rowid, exact, note, user_id) VALUES (new.id, new.exact, new.note, new.user_id);
END;
--> statement-breakpoint
CREATE TRIGGER `highlights_fts_after_delete` AFTER DELETE ON `highlights` BEGIN
	INSERT INTO highlights_fts(highlights_fts, rowid, exact, note, user_id)
	VALUES ('delete', old.id, old.exact, old.note, old.user_id);
END;
--> statement-breakpoint
CREATE TRIGGER `highlights_fts_after_update` AFTER UPDATE OF exact, note ON `highlights` BEGIN
	INSERT INTO highlights_fts(highlights_fts, rowid, exact, note, user_id)
	VALUES ('delete', old.id, old.exact, old.note, old.user_id);
	INSERT INTO highlights_fts(rowid, exact, note, user_id) VALUES (new.id, new.exact, new.note, new.user_id);
END;
--> statement-breakpoint
-- The article note (a field under the title) and the reading position: a text offset into the content, not
-- pixels, so it survives another device's width and font size; `reading_progress` (0 to 1) is what cards show.
-- Each has its own updated-at so offline writes can be ordered: the newest write wins.
ALTER TABLE `articles` ADD `note` text;
--> statement-breakpoint
ALTER TABLE `articles` ADD `note_updated_at` integer;
--> statement-breakpoint
ALTER TABLE `articles` ADD `reading_position` integer;
--> statement-breakpoint
ALTER TABLE `articles` ADD `reading_progress` real;
--> statement-breakpoint
ALTER TABLE `articles` ADD `position_updated_at` integer;
