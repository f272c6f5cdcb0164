ALTER TABLE `users` ADD `session_generation` integer DEFAULT 0 NOT NULL;
