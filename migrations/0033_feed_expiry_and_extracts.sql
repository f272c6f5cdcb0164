-- The Feed: each reader's period for unsaved items, and the article extracted for an item whose feed gives only a summary
-- (compressed, shared by the feed's readers). See docs/feeds.md.
CREATE TABLE `feed_item_extracts` (
	`item_id` integer PRIMARY KEY NOT NULL,
	`url` text NOT NULL,
	`title` text,
	`content_gzip` text NOT NULL,
	`content_bytes` integer NOT NULL,
	`extracted_at` integer NOT NULL,
	FOREIGN KEY (`item_id`) REFERENCES `feed_items`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `feed_settings` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`unsaved_item_days` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
