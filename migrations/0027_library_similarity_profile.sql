-- The scales of a library's similarities, measured by each topics run (domain/similarity/library-profile), that
-- related articles' and topic members' percentages are read on.
ALTER TABLE `users` ADD `similarity_profile` text;