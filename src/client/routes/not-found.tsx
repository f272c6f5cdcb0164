import { Link } from "react-router";
import { LogoMark } from "../components/logo";
import { usePageTitle } from "../hooks/use-page-title";

export function NotFoundPage() {
  usePageTitle("Page Not Found");
  return (
    <main className="full-page-center not-found" id="main">
      <LogoMark size={56} />
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1>Page Not Found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <Link to="/dashboard" className="button button-primary">
        Go to Dashboard
      </Link>
    </main>
  );
}
