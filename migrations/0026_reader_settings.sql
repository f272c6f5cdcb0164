-- Each reader's font, size, line height, width, alignment and theme, one row per account (none: the defaults).
-- `updated_at` is when the reader made the change on their device: the newest wins.
CREATE TABLE `reader_settings` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`settings` text NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
