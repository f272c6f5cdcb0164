-- Indexes for libraries of 50,000 articles (npm run bench:api -- --large; SQLite 3.51 on the seeded database,
-- 2026-12-01). Rebuilding the three took 0.2 s on 100,000 articles, 50,000 highlights and 11,000 tags.
-- A tag filter probes this index once per article of the list: with `article_id` in it the probe is covered.
DROP INDEX `article_tags_user_tag_idx`;--> statement-breakpoint
CREATE INDEX `article_tags_user_tag_idx` ON `article_tags` (`user_id`,`tag_key`,`article_id`);--> statement-breakpoint
-- The statistics' totals (count, read, unread but not failed) read every row of the library without `is_read`
-- here: 171 ms for 50,000 articles, 8 ms covered.
DROP INDEX `articles_user_status_idx`;--> statement-breakpoint
CREATE INDEX `articles_user_status_idx` ON `articles` (`user_id`,`processing_status`,`is_read`);--> statement-breakpoint
-- "Has highlights" is an EXISTS per article on (article_id, user_id): with `user_id` only after `target` the planner
-- took highlights_user_client_unique instead and scanned all the user's highlights for every article (50,000 by
-- 50,000: the list never answered); 17 ms with this index.
DROP INDEX `highlights_article_idx`;--> statement-breakpoint
CREATE INDEX `highlights_article_idx` ON `highlights` (`article_id`,`user_id`,`target`,`position_start`);
