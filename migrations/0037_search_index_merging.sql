-- The full-text index merges its segments sooner: jobs/search-index-merge.ts asks for a bounded merge of 500 pages
-- every 5 minutes, and with usermerge 2 (the default is 4) a level's segments merge once there are two of them.
-- Each merge drops the words of replaced and deleted entries (an article is indexed again when its text, summary
-- or highlights change) and the segments' repeated keys: on 120 dev-set pages 4,949 bytes an article against 5,325
-- with the default settings (docs/capacity.md). Merging stays incremental, so a shard of millions of articles never
-- rewrites its whole index at once.
INSERT INTO articles_fts(articles_fts, rank) VALUES ('usermerge', 2);
