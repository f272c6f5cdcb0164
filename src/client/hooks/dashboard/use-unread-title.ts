import { useEffect } from "react";
import { titlePrefix, useEnvironment } from "../use-environment";
import { PRODUCT_NAME } from "../use-page-title";

/** Spec §2: the dashboard's tab reads "VibeRead (N)" while N articles are unread, with the environment prefix. */
export function useUnreadTitle(unread: number | null | undefined): void {
  const environment = useEnvironment();
  useEffect(() => {
    const count = unread && unread > 0 ? ` (${unread})` : "";
    document.title = `${titlePrefix(environment)}${PRODUCT_NAME}${count}`;
  }, [environment, unread]);
}
