import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useSyncExternalStore,
} from "react";
import { ApiError } from "../api/client";
import { type ReaderSettingsAnswer, readerSettingsApi } from "../api/reader-settings";
import {
  changeSettings,
  type DrawnTheme,
  drawnTheme,
  mergeServerSettings,
  parseStoredSettings,
  type ReaderSettings,
} from "../lib/reader-settings";
import {
  loadReaderSettings,
  readerSettingsSnapshot,
  storeReaderSettings,
  subscribeReaderSettings,
} from "../lib/reader-settings-storage";
import { DEVICE_DARK_QUERY, drawOnDocument, loadReaderFontWhenIdle } from "../lib/theme-document";
import { isNetworkFailure } from "../queries/query-client";
import { useAuth } from "./use-auth";
import { useMediaQuery } from "./use-media-query";

interface ReaderSettingsValue {
  settings: ReaderSettings;
  /** The theme drawn now: "system" resolved by the device's setting. */
  theme: DrawnTheme;
  /** Applies at once on this device, then goes to the server (later, if offline). */
  change(change: Partial<ReaderSettings>): void;
}

const ReaderSettingsContext = createContext<ReaderSettingsValue | null>(null);

export const readerSettingsKeys = { all: ["reader-settings"] as const };

/** One send at a time per tab; a change made meanwhile is sent when the current one answers. */
let sending: Promise<void> | null = null;

/**
 * Sends the account's copy when the server has not confirmed it, then keeps what the server answers (a newer
 * change from another device wins). A network failure leaves it waiting for the next chance (coming online, the
 * next start); a refusal with a reason (a 4xx) is dropped, since sending it again would only be refused again.
 */
function sendPending(userId: number, onAnswer: (answer: ReaderSettingsAnswer) => void): Promise<void> {
  if (sending) return sending;
  const run = async () => {
    for (;;) {
      const stored = loadReaderSettings(userId);
      if (!stored.pending || stored.updatedAt === null) return;
      try {
        const answer = await readerSettingsApi.save(stored.settings, stored.updatedAt);
        storeReaderSettings(userId, mergeServerSettings(loadReaderSettings(userId), answer));
        onAnswer(answer);
      } catch (error) {
        if (isNetworkFailure(error)) return;
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
          storeReaderSettings(userId, { ...loadReaderSettings(userId), pending: false });
        }
        console.warn("The reader settings could not be saved", error);
        return;
      }
    }
  };
  sending = run().finally(() => {
    sending = null;
  });
  return sending;
}

/**
 * The reader's type and theme for every screen (issue 50 item 1). The device's copy is what is drawn, so a change
 * applies at once and holds offline; signed in, the server's copy is read at start and whenever the window gets
 * focus (a change made on another device), and a change waiting on this device is sent at start, on each change and
 * when the browser comes back online. Signed out, the last settings drawn on this device are followed.
 */
export function ReaderSettingsProvider({ children }: { children: ReactNode }) {
  const { user, status } = useAuth();
  const userId = user?.id ?? null;
  const signedIn = status === "authenticated" && userId !== null;
  const snapshot = useSyncExternalStore(subscribeReaderSettings, () => readerSettingsSnapshot(userId));
  const stored = useMemo(() => parseStoredSettings(snapshot), [snapshot]);
  const deviceDark = useMediaQuery(DEVICE_DARK_QUERY);
  const client = useQueryClient();
  // The server's answer to a change is its copy now: the cached read must not bring the older one back.
  const send = useCallback(
    (id: number) => void sendPending(id, (answer) => client.setQueryData(readerSettingsKeys.all, answer)),
    [client],
  );

  useLayoutEffect(() => drawOnDocument(stored.settings, deviceDark), [stored.settings, deviceDark]);
  const { font } = stored.settings;
  useEffect(() => loadReaderFontWhenIdle(font), [font]);

  const server = useQuery({
    queryKey: readerSettingsKeys.all,
    queryFn: readerSettingsApi.get,
    enabled: signedIn,
  });
  useEffect(() => {
    if (!signedIn || !server.data) return;
    storeReaderSettings(userId, mergeServerSettings(loadReaderSettings(userId), server.data));
    send(userId);
  }, [signedIn, userId, server.data, send]);

  useEffect(() => {
    if (!signedIn) return;
    const sendNow = () => send(userId);
    sendNow();
    window.addEventListener("online", sendNow);
    return () => window.removeEventListener("online", sendNow);
  }, [signedIn, userId, send]);

  const change = useCallback(
    (next: Partial<ReaderSettings>) => {
      if (userId === null) return;
      storeReaderSettings(userId, changeSettings(loadReaderSettings(userId), next, Date.now()));
      if (signedIn) send(userId);
    },
    [userId, signedIn, send],
  );

  const value = useMemo<ReaderSettingsValue>(
    () => ({ settings: stored.settings, theme: drawnTheme(stored.settings.theme, deviceDark), change }),
    [stored.settings, deviceDark, change],
  );
  return <ReaderSettingsContext.Provider value={value}>{children}</ReaderSettingsContext.Provider>;
}

export function useReaderSettings(): ReaderSettingsValue {
  const value = useContext(ReaderSettingsContext);
  if (!value) throw new Error("useReaderSettings outside ReaderSettingsProvider");
  return value;
}
