CREATE TABLE `article_tags` (
	`article_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`tag` text NOT NULL,
	`tag_key` text NOT NULL,
	PRIMARY KEY(`article_id`, `tag_key`),
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `article_tags_user_tag_idx` ON `article_tags` (`user_id`,`tag_key`);