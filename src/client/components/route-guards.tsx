import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { useSendQueuedSaves } from "../hooks/dashboard/use-offline-saves";
import { useSyncAnnotations } from "../hooks/use-annotation-sync";
import { useAuth } from "../hooks/use-auth";
import { useOfflineQueueRefresh } from "../hooks/use-offline-queue";
import { loginPathFor } from "../lib/return-target";
import { FullPageSpinner } from "./spinner";

/** Signed-in screens: spinner while the session loads, else /login with the way back in `return` and `from`. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, signedOut } = useAuth();
  const location = useLocation();
  if (status === "loading") return <FullPageSpinner />;
  if (status !== "authenticated" && signedOut) return <Navigate to="/login" replace />;
  if (status !== "authenticated") {
    return <Navigate to={loginPathFor(location.pathname, location.search)} state={{ from: location }} replace />;
  }
  return (
    <>
      <QueuedSaveSender />
      {children}
    </>
  );
}

/**
 * Sends the saves, highlights, notes and reading positions made offline once online, whichever signed-in screen is
 * open (hooks/dashboard/use-offline-saves, hooks/use-annotation-sync).
 */
function QueuedSaveSender() {
  useSendQueuedSaves();
  useSyncAnnotations();
  useOfflineQueueRefresh();
  return null;
}

/** /register: signed-in users go straight to the dashboard. (/login handles its own return target.) */
export function RequireSignedOut({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  if (status === "loading") return <FullPageSpinner />;
  if (status === "authenticated") return <Navigate to="/dashboard" replace />;
  return children;
}
