/**
 * The installable app's Web Share Target (manifest `share_target`, pwa.config.ts): a phone's share sheet posts
 * title, text, url and any file to /share (multipart); GET /share?title&text&url, the earlier form, still works. The
 * service worker takes a post with a file (it keeps the file for the save screen to upload: the Worker cannot tell
 * whose it is); what reaches the Worker is answered with a redirect to the save screen, /#/save?url&title&text, so
 * sharing a link works before the service worker is installed. A file that reached the Worker is not kept: the save
 * screen says to open the app once and share it again (`shared_file=unavailable`).
 */
export const SHARE_PATH = "/share";

/** Share sheets send short fields; longer ones are cut so the redirect's Location header stays small. */
const LIMITS = { url: 2048, title: 500, text: 2000 } as const;

export function isShareRequest(url: URL): boolean {
  return url.pathname === SHARE_PATH || url.pathname === `${SHARE_PATH}/`;
}

/** The redirect for a share: only the three known fields, trimmed, cut to length, empty ones left out. */
export async function shareRedirect(request: Request): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD" && request.method !== "POST") {
    return Response.json({ detail: "Method not allowed" }, { status: 405, headers: { Allow: "GET, HEAD, POST" } });
  }
  const fields = request.method === "POST" ? await postedFields(request) : new URL(request.url).searchParams;
  const target = new URLSearchParams();
  for (const [name, limit] of Object.entries(LIMITS)) {
    const value = (fields.get(name) ?? "").trim().slice(0, limit);
    if (value) target.set(name, value);
  }
  if (fields.get("file")) target.set("shared_file", "unavailable");
  const search = target.size ? `?${target}` : "";
  // A relative Location keeps the share on the origin the app was installed from; 303 turns a POST into a GET.
  return new Response(null, {
    status: request.method === "POST" ? 303 : 302,
    headers: { Location: `/#/save${search}`, "Cache-Control": "no-store" },
  });
}

/** A posted share's text fields, and `file` set when it carried a file (a form that cannot be read has none). */
async function postedFields(request: Request): Promise<URLSearchParams> {
  const fields = new URLSearchParams();
  try {
    const form = await request.formData();
    for (const name of Object.keys(LIMITS)) {
      const value = form.get(name);
      if (typeof value === "string") fields.set(name, value);
    }
    if (form.getAll("file").some((value) => typeof value !== "string")) fields.set("file", "1");
  } catch {
    // Not a form: a share of nothing.
  }
  return fields;
}
