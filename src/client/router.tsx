import type { ComponentType } from "react";
import { createHashRouter, Navigate } from "react-router";
import { RequireAuth, RequireSignedOut } from "./components/route-guards";
import { FullPageSpinner } from "./components/spinner";
import { LoginPage } from "./routes/login";
import { NotFoundPage } from "./routes/not-found";
import { RegisterPage } from "./routes/register";

/**
 * A route whose screen is its own JavaScript chunk, loaded on first visit (the login page stays in the main
 * bundle so the front door is fast). `signedIn` wraps it in the auth guard.
 */
function lazyScreen(load: () => Promise<ComponentType>, { signedIn }: { signedIn: boolean }) {
  return async () => {
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
  };
}

/** The route table of spec §2, with hash URLs (/#/terms). */
export const router = createHashRouter([
  { path: "/", element: <Navigate to="/dashboard" replace /> },
  { path: "/login", element: <LoginPage /> },
  {
    path: "/register",
    element: (
      <RequireSignedOut>
        <RegisterPage />
      </RequireSignedOut>
    ),
  },
  {
    path: "/terms",
    lazy: lazyScreen(async () => (await import("./routes/terms")).TermsPage, { signedIn: false }),
    HydrateFallback: FullPageSpinner,
  },
  {
    path: "/privacy",
    lazy: lazyScreen(async () => (await import("./routes/privacy")).PrivacyPage, { signedIn: false }),
    HydrateFallback: FullPageSpinner,
  },
  {
    path: "/dashboard",
    lazy: lazyScreen(async () => (await import("./routes/dashboard")).DashboardPage, { signedIn: true }),
    HydrateFallback: FullPageSpinner,
  },
  {
    path: "/article/:id",
    lazy: lazyScreen(async () => (await import("./routes/article")).ArticlePage, { signedIn: true }),
    HydrateFallback: FullPageSpinner,
  },
  {
    path: "/topics",
    lazy: lazyScreen(async () => (await import("./routes/topics")).TopicsPage, { signedIn: true }),
    HydrateFallback: FullPageSpinner,
  },
  {
    path: "/topics/:topicId",
    lazy: lazyScreen(async () => (await import("./routes/topic-detail")).TopicDetailPage, { signedIn: true }),
    HydrateFallback: FullPageSpinner,
  },
  {
    path: "/stats",
    lazy: lazyScreen(async () => (await import("./routes/stats")).StatsPage, { signedIn: true }),
    HydrateFallback: FullPageSpinner,
  },
  { path: "*", element: <NotFoundPage /> },
]);
