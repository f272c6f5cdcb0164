import { Link } from "react-router";
import { SignedInLayout } from "../components/app-header";
import { usePageTitle } from "../hooks/use-page-title";

export function TopicsPage() {
  usePageTitle("Topics");
  return (
    <SignedInLayout>
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <Link to="/dashboard">Dashboard</Link> / <span aria-current="page">Topics</span>
      </nav>
      <h1 className="page-title">Topics</h1>
      <p className="page-subtitle">Semantic clusters of your articles generated using AI clustering</p>
      <p className="empty-state">No topics found</p>
    </SignedInLayout>
  );
}
