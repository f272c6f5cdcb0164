-- A published feed's secret address serves an Atom feed (atom) or the OPDS catalog of the unread queue as EPUBs
-- (opds). See docs/feeds.md and docs/ebooks.md.
ALTER TABLE `published_feeds` ADD `kind` text DEFAULT 'atom' NOT NULL;
