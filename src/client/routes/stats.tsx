import { Link } from "react-router";
import { SignedInLayout } from "../components/app-header";
import { usePageTitle } from "../hooks/use-page-title";

export function StatsPage() {
  usePageTitle("Statistics");
  return (
    <SignedInLayout>
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <Link to="/dashboard">Dashboard</Link> / <span aria-current="page">Statistics</span>
      </nav>
      <h1 className="page-title">Reading statistics</h1>
      <p className="empty-state">No statistics available</p>
    </SignedInLayout>
  );
}
