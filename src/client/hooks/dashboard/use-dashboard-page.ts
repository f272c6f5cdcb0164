import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useLocation, useNavigationType, useSearchParams } from "react-router";
import {
  browserDashboardScroll,
  type DashboardPage,
  dashboardPageParams,
  parseDashboardPage,
} from "../../lib/dashboard-page";
import { historyEntryKey, restoreScroll, saveScrollWhileActive } from "../../lib/scroll-position";

/**
 * The dashboard's page, page size and filters live in its URL (/#/dashboard?page=2&per_page=10&q=rust), so Back
 * from an article opens the same list; its scroll offset is kept per history entry in session storage and put back
 * when the reader returns through the browser's history (Back, 'Done reading'). Page state itself stays in the list
 * hook: this hook only seeds it (`initial`) and mirrors it into the URL (`remember`), replacing the entry, not
 * adding one.
 */
export function useDashboardPage({
  ready,
  onUrlChange,
  ...listPage
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

  const wanted = dashboardPageParams(listPage).toString();
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
    return restoreScroll(saved, () => {
      restored.current = true;
    });
  }, [ready, saved]);

  useLayoutEffect(
    () =>
      saveScrollWhileActive(
        () => restored.current && readyRef.current,
        (y) => store.saveScroll(entryKey, y),
      ),
    [store, entryKey],
  );
}

/** The page and size a dashboard visit starts on, read once from its URL. */
export function useInitialDashboardPage(): DashboardPage {
  const [params] = useSearchParams();
  const [initial] = useState(() => parseDashboardPage(params));
  return initial;
}
