import { useState } from "react";
import { Link, NavLink } from "react-router";
import { useAuth } from "../hooks/use-auth";
import { useDegradedNotice } from "../hooks/use-environment";
import { ShortcutsButton, SkipLink, useEverywhereShortcuts } from "./keyboard-access";
import { LogoMark, SLOGAN } from "./logo";

/**
 * The signed-in header: logo, name, tagline, the screens one click away (Feed, Topics, Highlights, Stats, Settings), the welcome
 * line with the user's email, and Sign out.
 */
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
      <nav className="header-nav" aria-label="Main">
        <NavLink to="/feed" end={false}>
          Feed
        </NavLink>
        <NavLink to="/topics">Topics</NavLink>
        <NavLink to="/highlights">Highlights</NavLink>
        <NavLink to="/stats">Stats</NavLink>
        <NavLink to="/settings">Settings</NavLink>
      </nav>
      <div className="header-user">
        <span className="welcome" title={user?.email}>
          Welcome, <strong>{user?.email}</strong>
        </span>
        <ShortcutsButton />
        <button type="button" className="button button-secondary" onClick={signOut} disabled={signingOut}>
          {signingOut ? "Signing out..." : "Sign out"}
        </button>
      </div>
    </header>
  );
}

/** Layout for every signed-in screen; `mainClassName` lets a screen lay out its main area (the dashboard's order). */
export function SignedInLayout({ children, mainClassName }: { children: React.ReactNode; mainClassName?: string }) {
  useEverywhereShortcuts();
  return (
    <div className="app-layout">
      <SkipLink />
      <AppHeader />
      <DegradedNotice />
      <main className={mainClassName ? `app-main ${mainClassName}` : "app-main"} id="main">
        {children}
      </main>
    </div>
  );
}

/** A server that says it is degraded (issue 31 item 6): said on every signed-in screen, not only in a log. */
function DegradedNotice() {
  const detail = useDegradedNotice();
  if (!detail) return null;
  return (
    <div className="degraded-notice" role="alert">
      {detail}
    </div>
  );
}
