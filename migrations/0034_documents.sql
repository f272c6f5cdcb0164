ALTER TABLE `articles` ADD `document_type` text;--> statement-breakpoint
ALTER TABLE `articles` ADD `document_name` text;--> statement-breakpoint
ALTER TABLE `articles` ADD `document_pages` integer;--> statement-breakpoint
ALTER TABLE `highlights` ADD `page` integer;