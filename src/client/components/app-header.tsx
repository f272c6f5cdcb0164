import { useState } from "react";
import { Link } from "react-router";
import { useAuth } from "../hooks/use-auth";
import { LogoMark, SLOGAN } from "./logo";

/** The signed-in header: logo, name, tagline, the welcome line with the user's email, and Sign out. */
export function AppHeader() {
  const { user, logout } = useAuth();
  const [signingOut, setSigningOut] = useState(false);

  async function signOut() {
    setSigningOut(true);
    // The route guard then sends the signed-out visitor to /login.
    await logout();
  }

  return (
    <header className="app-header">
      <Link to="/dashboard" className="brand">
        <LogoMark />
        <span className="brand-text">
          <span className="brand-name">VibeRead</span>
          <span className="brand-tagline">{SLOGAN}</span>
        </span>
      </Link>
      <div className="header-user">
        <span className="welcome" title={user?.email}>
          Welcome, <strong>{user?.email}</strong>
        </span>
        <Link to="/settings">Settings</Link>
        <button type="button" className="button button-secondary" onClick={signOut} disabled={signingOut}>
          {signingOut ? "Signing out..." : "Sign out"}
        </button>
      </div>
    </header>
  );
}

/** Layout for every signed-in screen. */
export function SignedInLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="app-layout">
      <AppHeader />
      <main className="app-main" id="main">
        {children}
      </main>
    </div>
  );
}
