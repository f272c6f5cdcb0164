import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useLocation, useNavigationType, useSearchParams } from "react-router";
import {
  browserDashboardScroll,
  type DashboardPage,
  dashboardPageParams,
  parseDashboardPage,
} from "../../lib/dashboard-page";

/** Give up restoring after this long (the list came back shorter than it was). */
const RESTORE_TIMEOUT_MS = 2_000;
const SAVE_DELAY_MS = 150;

/**
 * The key of the current history entry: the Navigation API's key is unique per entry and kept by a replace
 * (the URL sync below), so it names the entry Back returns to; the router's key is the fallback.
 */
function historyEntryKey(routerKey: string): string {
  const navigation = (window as { navigation?: { currentEntry?: { key?: string } | null } }).navigation;
  return navigation?.currentEntry?.key ?? routerKey;
}

/**
 * The dashboard's page and page size live in its URL (/#/dashboard?page=2&per_page=10), so Back from an article
 * opens the same page; its scroll offset is kept per history entry in session storage and put back when the
 * reader returns through the browser's history (Back, 'Done reading'). Page state itself stays in the list hook:
 * this hook only seeds it (`initial`) and mirrors it into the URL (`remember`), replacing the entry, not adding one.
 */
export function useDashboardPage({
  page,
  perPage,
  ready,
  onUrlChange,
}: DashboardPage & { ready: boolean; onUrlChange: (page: DashboardPage) => void }) {
  const [params, setParams] = useSearchParams();
  const navigationType = useNavigationType();
  const location = useLocation();
  const [store] = useState(browserDashboardScroll);
  const [entryKey] = useState(() => historyEntryKey(location.key));
  const [saved] = useState(() => (navigationType === "POP" ? store.scrollFor(entryKey) : null));
  const restored = useRef(saved === null);
  const readyRef = useRef(ready);
  readyRef.current = ready;

  const wanted = dashboardPageParams({ page, perPage }).toString();
  const urlPage = parseDashboardPage(params);
  const current = dashboardPageParams(urlPage).toString();
  /** The URL's page as last seen: a URL that moves on its own (an edited address) leads; otherwise the list does. */
  const seen = useRef(current);
  const urlPageRef = useRef(urlPage);
  urlPageRef.current = urlPage;
  const onUrlChangeRef = useRef(onUrlChange);
  onUrlChangeRef.current = onUrlChange;
  useEffect(() => {
    if (current !== seen.current) {
      seen.current = current;
      if (current !== wanted) {
        onUrlChangeRef.current(urlPageRef.current);
        return;
      }
    }
    if (wanted !== current) {
      seen.current = wanted;
      setParams(new URLSearchParams(wanted), { replace: true });
    }
  }, [wanted, current, setParams]);

  useEffect(() => {
    if (!ready || saved === null || restored.current) return;
    const started = performance.now();
    let frame = 0;
    const step = () => {
      const room = document.documentElement.scrollHeight - window.innerHeight;
      window.scrollTo(0, Math.min(saved, Math.max(0, room)));
      if (room >= saved || performance.now() - started > RESTORE_TIMEOUT_MS) {
        restored.current = true;
        return;
      }
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [ready, saved]);

  // A layout effect, so the listener is gone before the next screen's DOM can clamp the offset and fire a
  // scroll event that would be taken for the dashboard's position.
  useLayoutEffect(() => {
    let lastY: number | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      clearTimeout(timer);
      timer = undefined;
      if (lastY !== null) store.saveScroll(entryKey, lastY);
    };
    const onScroll = () => {
      if (!restored.current || !readyRef.current) return;
      lastY = window.scrollY;
      timer ??= setTimeout(flush, SAVE_DELAY_MS);
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("pagehide", flush);
    return () => {
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("pagehide", flush);
      flush();
    };
  }, [store, entryKey]);
}

/** The page and size a dashboard visit starts on, read once from its URL. */
export function useInitialDashboardPage(): DashboardPage {
  const [params] = useSearchParams();
  const [initial] = useState(() => parseDashboardPage(params));
  return initial;
}
