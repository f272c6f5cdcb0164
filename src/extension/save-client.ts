import { type Settings, serverOrigin } from "./settings";

/** What a save came to, in the words the popup and the badge show. */
export type SaveOutcome =
  | { kind: "saved"; articleUrl: string; title: string }
  | { kind: "duplicate"; articleUrl: string; title: string }
  | { kind: "error"; message: string };

interface ArticleJson {
  id: number;
  url: string;
  title?: string | null;
}

/** The app's reader for one article (the SPA's hash route). */
export function articleLink(origin: string, id: number): string {
  return `${origin}/#/article/${id}`;
}

async function detailOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { detail?: unknown };
    if (typeof body.detail === "string") return body.detail;
  } catch {
    // Not JSON (a proxy's error page): the status says enough.
  }
  return `The server answered ${response.status}`;
}

/**
 * Saves a URL through `POST /api/articles/`, with the page's HTML when the browser has it (the server then
 * extracts from what the user saw instead of fetching the page itself).
 */
export async function saveToVibeRead(settings: Settings, page: { url: string; html?: string }): Promise<SaveOutcome> {
  const origin = serverOrigin(settings.serverUrl);
  if (!origin) return { kind: "error", message: "Set the VibeRead server URL in the extension's options." };
  if (!settings.token) return { kind: "error", message: "Add an API token in the extension's options." };
  let response: Response;
  try {
    response = await fetch(`${origin}/api/articles/`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${settings.token}` },
      body: JSON.stringify(page.html === undefined ? { url: page.url } : { url: page.url, html: page.html }),
    });
  } catch {
    return { kind: "error", message: `Could not reach VibeRead at ${origin}.` };
  }
  if (response.status === 401) {
    return { kind: "error", message: "VibeRead refused the API token: set a new one in the extension's options." };
  }
  if (response.status === 201 || response.status === 409) {
    const body = (await response.json()) as { article?: ArticleJson; id?: number; url?: string; title?: string };
    const article = response.status === 201 ? (body as ArticleJson) : body.article;
    if (!article) return { kind: "duplicate", articleUrl: `${origin}/#/dashboard`, title: page.url };
    return {
      kind: response.status === 201 ? "saved" : "duplicate",
      articleUrl: articleLink(origin, article.id),
      title: article.title || article.url,
    };
  }
  return { kind: "error", message: await detailOf(response) };
}
