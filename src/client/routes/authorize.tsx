import { useState } from "react";
import { Navigate, useLocation } from "react-router";
import { AuthCard, ErrorBox } from "../components/auth-card";
import { FullPageSpinner } from "../components/spinner";
import { useAuth } from "../hooks/use-auth";
import { usePageTitle } from "../hooks/use-page-title";
import { useConsentQuery, useDecideConsent } from "../queries/oauth";

/**
 * The consent screen of an app asking to connect (GET /authorize hands its query here). A signed-out visitor
 * signs in first: /login gets the full /authorize URL as its return target and, once signed in, shows
 * 'Redirecting to authorization...' and goes back to it, which lands here again, signed in (no loop: a signed-in
 * user is never sent to /login). The decision is posted with the session's bearer token.
 */
export function AuthorizePage() {
  usePageTitle("Connect an app");
  const { status } = useAuth();
  const { search } = useLocation();
  if (status === "loading") return <FullPageSpinner />;
  if (status !== "authenticated") {
    const authorizeUrl = `${window.location.origin}/authorize${search}`;
    return <Navigate to={`/login?return=${encodeURIComponent(authorizeUrl)}`} replace />;
  }
  return <Consent query={search} />;
}

function Consent({ query }: { query: string }) {
  const { user, logout } = useAuth();
  const details = useConsentQuery(query);
  const decide = useDecideConsent(query);
  const [leaving, setLeaving] = useState(false);

  async function answer(decision: "approve" | "deny") {
    try {
      const { redirect_to } = await decide.mutateAsync(decision);
      setLeaving(true);
      window.location.assign(redirect_to);
    } catch {
      // The error box shows decide.error.
    }
  }

  // Signing out here lands on /login with this request still waiting (its return target), for the other account.
  async function switchAccount() {
    await logout();
  }

  if (leaving) return <FullPageSpinner label="Returning to the app..." />;
  if (details.isPending) return <FullPageSpinner />;
  if (details.isError) {
    return (
      <AuthCard title="This app cannot connect" footer={<a href="/#/dashboard">Go to Dashboard</a>}>
        <ErrorBox message={details.error.message} />
      </AuthCard>
    );
  }
  const app = details.data;
  return (
    <AuthCard title={`Connect ${app.client_name}?`} footer={<a href="/#/settings">Manage connected apps</a>}>
      <div className="consent">
        {user && (
          <p className="consent-account">
            Signed in as <strong>{user.email}</strong>.{" "}
            <button type="button" className="text-button" onClick={() => void switchAccount()}>
              Use another account
            </button>
          </p>
        )}
        <p>
          <strong>{app.client_name}</strong> wants to use your VibeRead library.{" "}
          {app.client_domain
            ? `It is published by ${app.client_domain}. `
            : "The app named itself; VibeRead has not verified the name. "}
          Access will be sent to <strong>{app.redirect_host}</strong>.
        </p>
        {app.redirect_is_local && (
          <p className="form-note">
            This sends access to an app on your own computer. Continue only if you just started connecting from it.
          </p>
        )}
        <p>If you approve, it will be able to:</p>
        <ul aria-label="What the app may do">
          {app.scopes.map((line) => (
            <li key={line.scope}>{line.description}</li>
          ))}
        </ul>
        <ErrorBox message={decide.error?.message ?? null} />
        <div className="consent-actions">
          <button
            type="button"
            className="button button-primary"
            disabled={decide.isPending}
            onClick={() => void answer("approve")}
          >
            Approve
          </button>
          <button
            type="button"
            className="button button-secondary"
            disabled={decide.isPending}
            onClick={() => void answer("deny")}
          >
            Deny
          </button>
        </div>
        <p className="form-note">You can disconnect it at any time in Settings, under Connected apps.</p>
      </div>
    </AuthCard>
  );
}
