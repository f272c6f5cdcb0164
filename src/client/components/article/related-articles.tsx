/**
 * The 'Related Articles' section, laid out ahead of its content (the related-articles call comes later):
 * the heading, an empty state and the footer hint of spec §2. The viewer hides it while the article is processing.
 */
export function RelatedArticles() {
  return (
    <section className="viewer-related" aria-labelledby="related-heading">
      <h2 id="related-heading" className="viewer-section-title">
        Related Articles
      </h2>
      <p className="related-empty">Related articles appear once your library has more processed articles.</p>
      <p className="related-hint">Related articles found using semantic similarity • Click to open</p>
    </section>
  );
}
