ALTER TABLE `topics` ADD `centre` text;--> statement-breakpoint
ALTER TABLE `topics` ADD `join_threshold` real;--> statement-breakpoint
ALTER TABLE `users` ADD `topics_article_count` integer;
