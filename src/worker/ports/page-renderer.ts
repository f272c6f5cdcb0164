/** Renders a script-heavy page in a real browser and returns the resulting DOM as HTML. */
export interface RenderedPage {
  html: string;
  /** The URL after the browser followed any redirects. */
  finalUrl: string;
}

export interface PageRenderer {
  readonly name: string;
  /**
   * Loads `url` (already checked by the SSRF guard) and waits for the network to settle, at most
   * `timeoutMs`. Rejects on navigation failure or timeout.
   */
  render(url: string, options: { timeoutMs: number }): Promise<RenderedPage>;
}
