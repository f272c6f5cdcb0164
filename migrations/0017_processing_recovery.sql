ALTER TABLE `articles` ADD `processing_run` text;--> statement-breakpoint
ALTER TABLE `articles` ADD `recoveries` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `articles_status_updated_idx` ON `articles` (`processing_status`,`updated_at`);
