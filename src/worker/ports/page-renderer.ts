/** Renders a script-heavy page in a real browser and returns the resulting DOM as HTML. */
export interface RenderedPage {
  html: string;
  /** The URL after the browser followed any redirects. */
  finalUrl: string;
}

/**
 * The browser service would not start a browser (Browser Rendering allows 1 new browser per second on paid
 * plans and 1 per 20 s on free ones, and caps concurrent browsers). Nothing is wrong with the page: the caller
 * should try again later, with backoff.
 */
export class RendererUnavailable extends Error {
  override readonly name = "RendererUnavailable";
}

export interface PageRenderer {
  readonly name: string;
  /**
   * Loads `url` (already checked by the SSRF guard) within `timeoutMs`, then waits a bounded time for the
   * network to settle; a page that never settles (polling, analytics) is returned as far as it was built.
   * Rejects with RendererUnavailable when no browser could be started, otherwise on navigation failure.
   */
  render(url: string, options: { timeoutMs: number }): Promise<RenderedPage>;
}
