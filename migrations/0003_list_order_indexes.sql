DROP INDEX `articles_user_list_idx`;--> statement-breakpoint
DROP INDEX `articles_user_domain_idx`;--> statement-breakpoint
CREATE INDEX `articles_user_order_idx` ON `articles` (`user_id`,`is_read`,"created_at" DESC,"id" DESC);--> statement-breakpoint
CREATE INDEX `articles_user_domain_order_idx` ON `articles` (`user_id`,`domain`,`is_read`,"created_at" DESC,"id" DESC);