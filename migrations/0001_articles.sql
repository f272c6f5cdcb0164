CREATE TABLE `article_feedback` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`article_id` integer NOT NULL,
	`feedback_value` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "article_feedback_value_check" CHECK("article_feedback"."feedback_value" IN (-1, 0, 1))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `article_feedback_article_unique` ON `article_feedback` (`article_id`);--> statement-breakpoint
CREATE INDEX `article_feedback_user_idx` ON `article_feedback` (`user_id`);--> statement-breakpoint
CREATE TABLE `articles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`url` text NOT NULL,
	`normalized_url` text NOT NULL,
	`title` text,
	`summary` text,
	`content` text,
	`author` text,
	`domain` text,
	`language` text,
	`publish_date` text,
	`word_count` integer,
	`is_read` integer DEFAULT false NOT NULL,
	`read_at` integer,
	`processing_status` text DEFAULT 'pending' NOT NULL,
	`processing_error` text,
	`processing_attempts` integer DEFAULT 0 NOT NULL,
	`processed_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "articles_status_check" CHECK("articles"."processing_status" IN ('pending','processing','retrying','completed','failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `articles_user_url_unique` ON `articles` (`user_id`,`normalized_url`);--> statement-breakpoint
CREATE INDEX `articles_user_list_idx` ON `articles` (`user_id`,`is_read`,`created_at`);--> statement-breakpoint
CREATE INDEX `articles_user_created_idx` ON `articles` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `articles_user_read_at_idx` ON `articles` (`user_id`,`read_at`);--> statement-breakpoint
CREATE INDEX `articles_user_domain_idx` ON `articles` (`user_id`,`domain`,`is_read`,`created_at`);--> statement-breakpoint
CREATE INDEX `articles_user_status_idx` ON `articles` (`user_id`,`processing_status`);