CREATE TABLE `topic_articles` (
	`topic_id` integer NOT NULL,
	`article_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`similarity` real NOT NULL,
	PRIMARY KEY(`topic_id`, `article_id`),
	FOREIGN KEY (`topic_id`) REFERENCES `topics`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `topic_articles_topic_similarity_idx` ON `topic_articles` (`topic_id`,`similarity`);--> statement-breakpoint
CREATE INDEX `topic_articles_article_idx` ON `topic_articles` (`article_id`);--> statement-breakpoint
CREATE TABLE `topics` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`label` text NOT NULL,
	`keywords` text NOT NULL,
	`final_score` real NOT NULL,
	`cluster_size` integer NOT NULL,
	`avg_recency_days` real NOT NULL,
	`avg_feedback_score` real,
	`algorithm` text NOT NULL,
	`silhouette_score` real NOT NULL,
	`generated_from` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `topics_user_score_idx` ON `topics` (`user_id`,`final_score`);