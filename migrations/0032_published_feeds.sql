-- Private Atom feeds of a reader's Library or one tag: the secret of the address stored hashed. See docs/feeds.md.
CREATE TABLE `published_feeds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`tag` text,
	`tag_key` text,
	`token_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_read_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `published_feeds_token_hash_unique` ON `published_feeds` (`token_hash`);--> statement-breakpoint
CREATE INDEX `published_feeds_user_idx` ON `published_feeds` (`user_id`,`created_at`);