-- Issue 36 (Listen): the characters the cloud voice rendered for each user, so a user's renders are limited to
-- 300,000 characters in any 24 hours (cache hits are not renders and are not counted). One row per render; the
-- daily cron deletes rows older than the window.
CREATE TABLE `listen_renders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`characters` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `listen_renders_user_idx` ON `listen_renders` (`user_id`,`created_at`);
