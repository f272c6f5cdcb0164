// The page fetcher and its SSRF guard. Pure apart from the injected fetch and resolver; no cloudflare:* imports.
export { FetchFailure } from "./fetch-failure";
export { createDohResolver, type HostResolver } from "./host-resolver";
export { type FetchedPage, type FetchPageOptions, fetchPage } from "./page-fetcher";
export { assertFetchableUrl } from "./ssrf-guard";
