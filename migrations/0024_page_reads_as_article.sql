-- False when the extracted text is mostly the page's interface (a sign-in form's messages, a cookie
-- notice) rather than an article; such an article completes without a summary and the viewer offers the original.
ALTER TABLE `articles` ADD `reads_as_article` integer DEFAULT true NOT NULL;
