/**
 * The book's style sheet: little of it, because e-readers apply the reader's own font, size and margins and many
 * ignore the rest. Relative sizes only; pictures fit the page; highlights keep their colour where the screen has
 * colour and an underline where it does not (most e-ink).
 */
export const EPUB_CSS = `body { line-height: 1.5; margin: 0 0.5em; }
h1 { font-size: 1.5em; line-height: 1.25; margin: 0 0 0.4em; }
h2 { font-size: 1.25em; margin: 1.2em 0 0.4em; }
h3, h4, h5, h6 { font-size: 1.1em; margin: 1em 0 0.3em; }
header { margin-bottom: 1.5em; }
.byline { font-style: italic; margin: 0.2em 0; }
.meta, .source { font-size: 0.85em; color: #555; margin: 0.2em 0; }
.source a { word-break: break-all; }
p { margin: 0 0 0.8em; }
img { max-width: 100%; height: auto; }
figure { margin: 1em 0; text-align: center; }
figcaption { font-size: 0.85em; color: #555; }
blockquote { margin: 1em 1.2em; font-style: italic; }
pre { white-space: pre-wrap; font-size: 0.85em; }
table { border-collapse: collapse; }
th, td { border: 1px solid #999; padding: 0.2em 0.4em; }
mark.highlight { text-decoration: underline; text-decoration-thickness: 0.12em; color: inherit; }
mark.highlight-yellow { background-color: #fff3a3; }
mark.highlight-green { background-color: #c9f2c7; }
mark.highlight-blue { background-color: #c8e1ff; }
mark.highlight-pink { background-color: #ffd1e3; }
.noteref { text-decoration: none; font-size: 0.8em; }
.article-note { border-left: 0.2em solid #999; padding-left: 0.8em; margin: 0 0 1.5em; }
.article-note-label { font-weight: bold; margin-bottom: 0.2em; }
.kept-highlights { margin-top: 2em; }
.kept-note, .footnote { font-size: 0.9em; }
.footnote { margin-top: 0.6em; }
.shortened, .unread-page { color: #555; }
nav ol { padding-left: 1.2em; }
nav li { margin-bottom: 0.4em; }
`;
