import { useEffect } from "react";
import { titlePrefix, useEnvironment } from "./use-environment";

export const PRODUCT_NAME = "VibeRead";

/** Sets the tab title for a screen: "[DEV] Sign in | VibeRead"; `null` means the product name alone. */
export function usePageTitle(screen: string | null): void {
  const environment = useEnvironment();
  useEffect(() => {
    const base = screen ? `${screen} | ${PRODUCT_NAME}` : PRODUCT_NAME;
    document.title = `${titlePrefix(environment)}${base}`;
  }, [environment, screen]);
}
