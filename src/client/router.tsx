import { createHashRouter, Navigate } from "react-router";
import { RequireAuth, RequireSignedOut } from "./components/route-guards";
import { ArticlePage } from "./routes/article";
import { DashboardPage } from "./routes/dashboard";
import { LoginPage } from "./routes/login";
import { NotFoundPage } from "./routes/not-found";
import { PrivacyPage } from "./routes/privacy";
import { RegisterPage } from "./routes/register";
import { StatsPage } from "./routes/stats";
import { TermsPage } from "./routes/terms";
import { TopicDetailPage } from "./routes/topic-detail";
import { TopicsPage } from "./routes/topics";

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
  { path: "/terms", element: <TermsPage /> },
  { path: "/privacy", element: <PrivacyPage /> },
  {
    path: "/dashboard",
    element: (
      <RequireAuth>
        <DashboardPage />
      </RequireAuth>
    ),
  },
  {
    path: "/article/:id",
    element: (
      <RequireAuth>
        <ArticlePage />
      </RequireAuth>
    ),
  },
  {
    path: "/topics",
    element: (
      <RequireAuth>
        <TopicsPage />
      </RequireAuth>
    ),
  },
  {
    path: "/topics/:topicId",
    element: (
      <RequireAuth>
        <TopicDetailPage />
      </RequireAuth>
    ),
  },
  {
    path: "/stats",
    element: (
      <RequireAuth>
        <StatsPage />
      </RequireAuth>
    ),
  },
  { path: "*", element: <NotFoundPage /> },
]);
