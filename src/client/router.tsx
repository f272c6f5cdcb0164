import type { ComponentType } from "react";
import { createHashRouter, Navigate, useLocation } from "react-router";
import { RequireAuth, RequireSignedOut } from "./components/route-guards";
import { FullPageSpinner } from "./components/spinner";
import { LoginPage } from "./routes/login";
import { NotFoundPage } from "./routes/not-found";
import { RegisterPage } from "./routes/register";

/**
 * A route whose screen is its own JavaScript chunk, loaded on first visit (the login page stays in the main
 * bundle so the front door is fast), with a spinner while the chunk loads. `signedIn` wraps it in the auth guard.
 */
function lazyRoute(path: string, load: () => Promise<ComponentType>, { signedIn }: { signedIn: boolean }) {
  return {
    path,
    HydrateFallback: FullPageSpinner,
    lazy: async () => {
      const Screen = await load();
      return {
        Component: signedIn
          ? () => (
              <RequireAuth>
                <Screen />
              </RequireAuth>
            )
          : Screen,
      };
    },
  };
}

/** `/` is the dashboard: its query (a page, a tag, the highlights filter) goes along, so `#/?tag=rust` filters too. */
function ToDashboard() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: "/dashboard", search }} replace />;
}

/** The route table of spec §2, with hash URLs (/#/terms). */
export const router = createHashRouter([
  { path: "/", element: <ToDashboard /> },
  { path: "/login", element: <LoginPage /> },
  {
    path: "/register",
    element: (
      <RequireSignedOut>
        <RegisterPage />
      </RequireSignedOut>
    ),
  },
  lazyRoute("/terms", async () => (await import("./routes/terms")).TermsPage, { signedIn: false }),
  lazyRoute("/privacy", async () => (await import("./routes/privacy")).PrivacyPage, { signedIn: false }),
  lazyRoute("/dashboard", async () => (await import("./routes/dashboard")).DashboardPage, { signedIn: true }),
  lazyRoute("/article/:id", async () => (await import("./routes/article")).ArticlePage, { signedIn: true }),
  lazyRoute("/topics", async () => (await import("./routes/topics")).TopicsPage, { signedIn: true }),
  lazyRoute("/topics/:topicId", async () => (await import("./routes/topic-detail")).TopicDetailPage, {
    signedIn: true,
  }),
  lazyRoute("/feed", async () => (await import("./routes/feed")).FeedPage, { signedIn: true }),
  lazyRoute("/feed/subscriptions", async () => (await import("./routes/subscriptions")).SubscriptionsPage, {
    signedIn: true,
  }),
  lazyRoute("/highlights", async () => (await import("./routes/highlights")).HighlightsPage, { signedIn: true }),
  lazyRoute("/stats", async () => (await import("./routes/stats")).StatsPage, { signedIn: true }),
  lazyRoute("/settings", async () => (await import("./routes/settings")).SettingsPage, { signedIn: true }),
  // The consent screen of an app connecting over OAuth: it sends signed-out visitors to /login itself, with the
  // full /authorize URL as the return target.
  lazyRoute("/authorize", async () => (await import("./routes/authorize")).AuthorizePage, { signedIn: false }),
  lazyRoute("/save", async () => (await import("./routes/save")).SavePage, { signedIn: true }),
  { path: "*", element: <NotFoundPage /> },
]);
