CREATE TABLE `ingest_backlog` (
	`article_id` integer PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`request_id` text NOT NULL,
	`reason` text NOT NULL,
	`lane` text NOT NULL,
	`queued_at` integer NOT NULL,
	`claimed_by` text,
	`claimed_at` integer,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ingest_backlog_user_idx` ON `ingest_backlog` (`user_id`,`lane`,`article_id`);--> statement-breakpoint
CREATE INDEX `ingest_backlog_claim_idx` ON `ingest_backlog` (`claimed_by`);--> statement-breakpoint
CREATE TABLE `ingest_turns` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`last_turn` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
