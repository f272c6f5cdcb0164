import { registerSW } from "virtual:pwa-register";

/**
 * Registers the service worker vite-plugin-pwa generates (pwa.config.ts) in built apps only: `vite dev` has none,
 * so stale dev assets are never served from a cache. A new build's worker takes over on its own (autoUpdate).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  registerSW({ immediate: true });
}
