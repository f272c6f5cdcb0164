/**
 * Where to go after signing in: the `return` query parameter, else the `from` route state, else /dashboard.
 * A full http(s) URL is followed (a full-page redirect, the OAuth flow of an app asking to connect) only when
 * it is this app's own authorize endpoint; a full URL of one of the app's screens (`<origin>/#/stats`) is that
 * screen; anything else falls back to /dashboard, so the login page cannot be used as an open redirect. Pure,
 * so it is tested without a browser.
 */
export type ReturnTarget = { kind: "route"; path: string } | { kind: "external"; url: string };

const DEFAULT_TARGET: ReturnTarget = { kind: "route", path: "/dashboard" };
const AUTH_PATHS = ["/login", "/register"];
/** The OAuth authorize endpoint (src/worker/oauth), the one page outside the SPA a sign-in returns to. */
const AUTHORIZE_PATH = "/authorize";

interface FromState {
  from?: string | { pathname?: string; search?: string; hash?: string };
}

function fromState(state: unknown): string | undefined {
  const from = (state as FromState | null)?.from;
  if (typeof from === "string") return from;
  if (from && typeof from.pathname === "string") return `${from.pathname}${from.search ?? ""}`;
  return undefined;
}

export function resolveReturnTarget(search: string, state: unknown, appOrigin: string): ReturnTarget {
  const raw = new URLSearchParams(search).get("return") ?? fromState(state);
  if (!raw) return DEFAULT_TARGET;
  const candidate = raw.trim();

  if (/^https?:\/\//i.test(candidate)) {
    try {
      const url = new URL(candidate);
      if (url.origin !== appOrigin) return DEFAULT_TARGET;
      if (url.pathname === AUTHORIZE_PATH) return { kind: "external", url: url.href };
      if (url.pathname === "/" && url.hash.startsWith("#/")) return routeTarget(url.hash.slice(1));
      return DEFAULT_TARGET;
    } catch {
      return DEFAULT_TARGET;
    }
  }
  return routeTarget(candidate);
}

function routeTarget(candidate: string): ReturnTarget {
  // A route inside the app: one leading slash (never "//host", which browsers treat as another origin).
  if (!candidate.startsWith("/") || candidate.startsWith("//") || candidate.includes("\\")) return DEFAULT_TARGET;
  const pathOnly = candidate.split(/[?#]/)[0] ?? "";
  if (AUTH_PATHS.includes(pathOnly)) return DEFAULT_TARGET;
  return { kind: "route", path: candidate };
}

/** The `return` parameter to put on /login for a protected location. */
export function loginPathFor(pathname: string, search: string): string {
  const target = `${pathname}${search}`;
  return target && target !== "/" ? `/login?return=${encodeURIComponent(target)}` : "/login";
}
