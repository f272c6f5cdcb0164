ALTER TABLE `topics` ADD `language` text;
