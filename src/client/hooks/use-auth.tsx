import { useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { authApi } from "../api/auth";
import { ApiError, onUnauthorized } from "../api/client";
import {
  clearStoredSession,
  readStoredSession,
  readStoredToken,
  type StoredUser,
  storeSession,
  storeUser,
} from "../lib/auth-storage";
import { clearOfflineCache } from "../lib/offline";

/** Spec §4: loading, authenticated, failed (the stored session was rejected), logged out. */
export type AuthStatus = "loading" | "authenticated" | "failed" | "unauthenticated";

interface AuthValue {
  status: AuthStatus;
  /**
   * True from signing out on purpose until /login has been shown: that one redirect carries no return target to
   * the page signed out from. Any later signed-out visit (a typed /#/topics) keeps its own target.
   */
  signedOut: boolean;
  /** Called by /login once shown, ending the above. */
  acknowledgeSignOut(): void;
  user: StoredUser | null;
  login(email: string, password: string): Promise<void>;
  register(email: string, password: string): Promise<void>;
  logout(): Promise<void>;
  /** The account was deleted: everything local goes, as on sign-out, without a call to the server. */
  accountDeleted(): Promise<void>;
  /**
   * Changes the password: every other session ends; this device keeps its data and carries on with the new
   * session the server answers.
   */
  changePassword(currentPassword: string, newPassword: string): Promise<void>;
}

const AuthContext = createContext<AuthValue | null>(null);

/**
 * Whether confirming the stored session failed because the server refused it. Anything else (no network, the
 * installed app opened offline, a request cut off by a reload, a 5xx, a timeout) says nothing about the session:
 * the stored one stands, the articles kept on this device stay readable, and the first 401 of any later call
 * still signs it out. Clearing it then signed a reader out for pressing reload while the check was under way.
 */
function sessionRejected(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 404);
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [stored] = useState(readStoredSession);
  const [status, setStatus] = useState<AuthStatus>(stored ? "loading" : "unauthenticated");
  const [user, setUser] = useState<StoredUser | null>(stored?.user ?? null);
  const [signedOut, setSignedOut] = useState(false);
  // The query cache holds one user's library: it goes when that user does, so the next never sees it.
  const queryClient = useQueryClient();

  // On start, a stored session is confirmed with the server. Only the server's refusal of it (401, or 404 for an
  // account that is gone) is a failure that clears it (spec §4); see sessionRejected.
  useEffect(() => {
    if (!stored) return;
    let cancelled = false;
    authApi
      .me()
      .then((fresh) => {
        if (cancelled) return;
        storeUser(fresh);
        setUser(fresh);
        setStatus("authenticated");
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        if (!sessionRejected(error)) {
          setStatus("authenticated");
          return;
        }
        clearStoredSession();
        setUser(null);
        setStatus("failed");
      });
    return () => {
      cancelled = true;
    };
  }, [stored]);

  useEffect(
    () =>
      onUnauthorized(() => {
        queryClient.clear();
        setUser(null);
        setStatus("unauthenticated");
      }),
    [queryClient],
  );

  const startSession = useCallback(
    (token: string, nextUser: StoredUser) => {
      queryClient.clear();
      storeSession(token, nextUser);
      setSignedOut(false);
      setUser(nextUser);
      setStatus("authenticated");
    },
    [queryClient],
  );

  const value = useMemo<AuthValue>(
    () => ({
      status,
      signedOut,
      acknowledgeSignOut: () => setSignedOut(false),
      user,
      async login(email, password) {
        const session = await authApi.login(email.trim(), password);
        await clearOfflineCache();
        startSession(session.access_token, session.user);
      },
      async register(email, password) {
        const session = await authApi.register(email.trim(), password);
        await clearOfflineCache();
        startSession(session.access_token, session.user);
      },
      async logout() {
        const endingToken = readStoredToken();
        try {
          await authApi.logout();
        } catch {
          // Spec §4: local data is cleared even if the server call fails.
        }
        clearStoredSession();
        queryClient.clear();
        // The articles kept for offline reading are this user's: the next one on this device must not see them.
        await clearOfflineCache(endingToken);
        setSignedOut(true);
        setUser(null);
        setStatus("unauthenticated");
      },
      async changePassword(currentPassword, newPassword) {
        const session = await authApi.changePassword(currentPassword, newPassword);
        // The same user: the query cache and the articles kept offline stay; only the token changes.
        storeSession(session.access_token, session.user);
        setUser(session.user);
      },
      async accountDeleted() {
        const endingToken = readStoredToken();
        clearStoredSession();
        queryClient.clear();
        await clearOfflineCache(endingToken);
        setSignedOut(true);
        setUser(null);
        setStatus("unauthenticated");
      },
    }),
    [status, signedOut, user, startSession, queryClient],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used inside <AuthProvider>");
  return value;
}
