-- Newsletters in the Feed: a feed row per reader and sender (user_id, sender, List-Unsubscribe targets), never polled,
-- and a muted state on subscriptions. See docs/feeds.md.
ALTER TABLE `feed_subscriptions` ADD `muted_at` integer;--> statement-breakpoint
ALTER TABLE `feeds` ADD `kind` text DEFAULT 'web' NOT NULL;--> statement-breakpoint
ALTER TABLE `feeds` ADD `user_id` integer REFERENCES users(id) ON DELETE cascade;--> statement-breakpoint
ALTER TABLE `feeds` ADD `sender` text;--> statement-breakpoint
ALTER TABLE `feeds` ADD `unsubscribe_url` text;--> statement-breakpoint
ALTER TABLE `feeds` ADD `unsubscribe_mailto` text;--> statement-breakpoint
CREATE INDEX `feeds_user_idx` ON `feeds` (`user_id`);