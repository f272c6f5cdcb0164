-- The shard directory (central database only): which D1 database holds each user's library; no row = DB. See docs/capacity.md.
CREATE TABLE `user_shards` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`shard` text NOT NULL,
	`state` text NOT NULL,
	`moving_to` text,
	`moved_from` text,
	`moved_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `user_shards_shard_idx` ON `user_shards` (`shard`);