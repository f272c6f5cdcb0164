-- Feeds: a feed is stored once for all its readers (fetched once per interval), each reader's subscription
-- (title, folder), the feed's items once, and each reader's seen / saved state of an item. See docs/feeds.md.
CREATE TABLE `feed_item_states` (
	`user_id` integer NOT NULL,
	`item_id` integer NOT NULL,
	`seen_at` integer,
	`article_id` integer,
	PRIMARY KEY(`user_id`, `item_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`item_id`) REFERENCES `feed_items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `feed_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`feed_id` integer NOT NULL,
	`item_key` text NOT NULL,
	`url` text,
	`title` text NOT NULL,
	`author` text,
	`summary` text NOT NULL,
	`content_html` text,
	`published_at` integer,
	`first_seen_at` integer NOT NULL,
	`sort_at` integer NOT NULL,
	FOREIGN KEY (`feed_id`) REFERENCES `feeds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `feed_items_feed_key_idx` ON `feed_items` (`feed_id`,`item_key`);--> statement-breakpoint
CREATE INDEX `feed_items_feed_sort_idx` ON `feed_items` (`feed_id`,`sort_at`,`id`);--> statement-breakpoint
CREATE TABLE `feed_subscriptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`feed_id` integer NOT NULL,
	`title` text,
	`folder` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`feed_id`) REFERENCES `feeds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `feed_subscriptions_user_feed_idx` ON `feed_subscriptions` (`user_id`,`feed_id`);--> statement-breakpoint
CREATE INDEX `feed_subscriptions_feed_idx` ON `feed_subscriptions` (`feed_id`);--> statement-breakpoint
CREATE TABLE `feeds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`url` text NOT NULL,
	`title` text,
	`site_url` text,
	`icon_url` text,
	`format` text,
	`etag` text,
	`last_modified` text,
	`status` text DEFAULT 'active' NOT NULL,
	`interval_minutes` integer DEFAULT 60 NOT NULL,
	`stated_interval_minutes` integer,
	`next_poll_at` integer,
	`queued_until` integer,
	`last_polled_at` integer,
	`last_changed_at` integer,
	`consecutive_errors` integer DEFAULT 0 NOT NULL,
	`error_since` integer,
	`last_error` text,
	`omitted_items` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `feeds_url_unique` ON `feeds` (`url`);--> statement-breakpoint
CREATE INDEX `feeds_next_poll_idx` ON `feeds` (`next_poll_at`);