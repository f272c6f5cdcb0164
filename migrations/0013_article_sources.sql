CREATE TABLE `article_sources` (
	`article_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`chunk` text NOT NULL,
	PRIMARY KEY(`article_id`, `seq`),
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
