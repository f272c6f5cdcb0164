CREATE TABLE `email_addresses` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`local_token` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_addresses_local_token_unique` ON `email_addresses` (`local_token`);