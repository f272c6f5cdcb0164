import { Link } from "react-router";
import { SignedInLayout } from "../components/app-header";
import { usePageTitle } from "../hooks/use-page-title";

export function TopicDetailPage() {
  usePageTitle("Topic");
  return (
    <SignedInLayout>
      <section className="empty-state">
        <h1>Topic Not Found</h1>
        <Link to="/topics" className="button button-secondary">
          Back to Topics
        </Link>
      </section>
    </SignedInLayout>
  );
}
