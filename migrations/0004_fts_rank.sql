-- Make `rank` on articles_fts mean bm25 with per-column weights: title 10, summary 4, content 1, domain 2,
-- author 2, user_id 0 (the user filter must not affect relevance). FTS5 orders by `rank` within the index,
-- so a search ranks its matches before touching the articles table.
INSERT INTO articles_fts(articles_fts, rank) VALUES ('rank', 'bm25(10.0, 4.0, 1.0, 2.0, 2.0, 0.0)');
