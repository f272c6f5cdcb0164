import { SignedInLayout } from "../components/app-header";
import { usePageTitle } from "../hooks/use-page-title";

/**
 * The dashboard. The foundation ships its header and the library's empty state; the stat cards, add-article
 * box, topics panel, search field, card grid and pagination are laid out by the web app.
 */
export function DashboardPage() {
  usePageTitle(null);
  return (
    <SignedInLayout>
      <h1 className="page-title">Your library</h1>
      <section className="empty-state" aria-labelledby="library-empty">
        <h2 id="library-empty">No articles yet</h2>
        <p>Articles you save will appear here, summarised and grouped by topic.</p>
      </section>
    </SignedInLayout>
  );
}
