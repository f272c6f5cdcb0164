import { useNavigate } from "react-router";
import { SignedInLayout } from "../components/app-header";
import { usePageTitle } from "../hooks/use-page-title";

export function ArticlePage() {
  usePageTitle("Article");
  const navigate = useNavigate();
  return (
    <SignedInLayout>
      <section className="empty-state">
        <h1>Error Loading Article</h1>
        <p>This article does not exist in your library.</p>
        <button type="button" className="button button-secondary" onClick={() => navigate(-1)}>
          Back
        </button>
      </section>
    </SignedInLayout>
  );
}
