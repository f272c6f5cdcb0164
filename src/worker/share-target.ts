/**
 * The installable app's Web Share Target (manifest `share_target`, pwa.config.ts): a phone's share sheet opens
 * GET /share?title&text&url, and this answers it with a redirect to the save screen, /#/save?url&title&text. The
 * Worker answers rather than the service worker so sharing works before the worker is installed.
 */
export const SHARE_PATH = "/share";

/** Share sheets send short fields; longer ones are cut so the redirect's Location header stays small. */
const LIMITS = { url: 2048, title: 500, text: 2000 } as const;

export function isShareRequest(url: URL): boolean {
  return url.pathname === SHARE_PATH || url.pathname === `${SHARE_PATH}/`;
}

/** The redirect for a share: only the three known fields, trimmed, cut to length, empty ones left out. */
export function shareRedirect(request: Request): Response {
  if (request.method !== "GET" && request.method !== "HEAD") {
    return Response.json({ detail: "Method not allowed" }, { status: 405, headers: { Allow: "GET, HEAD" } });
  }
  const query = new URL(request.url).searchParams;
  const target = new URLSearchParams();
  for (const [name, limit] of Object.entries(LIMITS)) {
    const value = (query.get(name) ?? "").trim().slice(0, limit);
    if (value) target.set(name, value);
  }
  const search = target.size ? `?${target}` : "";
  // A relative Location keeps the share on the origin the app was installed from.
  return new Response(null, { status: 302, headers: { Location: `/#/save${search}`, "Cache-Control": "no-store" } });
}
