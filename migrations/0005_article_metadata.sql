ALTER TABLE `articles` ADD `site_name` text;--> statement-breakpoint
ALTER TABLE `articles` ADD `image_url` text;