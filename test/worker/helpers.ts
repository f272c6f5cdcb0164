import { exports } from "cloudflare:workers";
import { expect } from "vitest";
import { htmlToText } from "../../src/worker/domain/extraction/extract-article";
import { OUTCOME_WAIT_MS } from "./waits";

/** Real HTTP into the Worker's fetch handler, as a browser would call it. */
export async function api(
  method: string,
  path: string,
  options: { body?: unknown; rawBody?: string; token?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["Content-Type"] ??= "application/json";
  } else if (body !== undefined) {
    headers["Content-Type"] ??= "application/json";
  }
  const response = await exports.default.fetch(new Request(`http://localhost${path}`, { method, headers, body }));
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: keep the text so the assertion shows what came back.
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

let counter = 0;
export function uniqueEmail(prefix = "user"): string {
  counter += 1;
  return `${prefix}-${counter}-${crypto.randomUUID().slice(0, 8)}@example.com`;
}

export async function registerUser(email = uniqueEmail(), password = "correct horse battery") {
  const response = await api("POST", "/api/auth/register", { body: { email, password } });
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { email, password, token: response.body.access_token as string, user: response.body.user };
}

export interface SeedArticle {
  url?: string;
  title?: string | null;
  summary?: string | null;
  content?: string | null;
  author?: string | null;
  domain?: string | null;
  isRead?: boolean;
  readAt?: number | null;
  createdAt?: number;
  processingStatus?: string;
  language?: string | null;
}

let seeded = 0;
/**
 * Puts an article straight into D1 with chosen timestamps and fields, for tests of listing and statistics
 * that need a history the API cannot produce in the moment (the API itself is tested separately).
 */
export async function seedArticle(userId: number, article: SeedArticle = {}): Promise<number> {
  seeded += 1;
  const { env } = await import("cloudflare:test");
  const url = article.url ?? `https://seed.example.com/post/${seeded}-${crypto.randomUUID()}`;
  const createdAt = article.createdAt ?? Date.now();
  const row = await env.DB.prepare(
    `INSERT INTO articles (user_id, url, normalized_url, title, summary, content, search_text, author, domain, is_read,
       read_at, processing_status, created_at, updated_at, language)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(
      userId,
      url,
      url,
      article.title ?? null,
      article.summary ?? null,
      article.content ?? null,
      // As processing stores it: the full-text index reads the plain text, not the HTML.
      article.content == null ? null : htmlToText(article.content),
      article.author ?? null,
      article.domain === undefined ? "seed.example.com" : article.domain,
      article.isRead ? 1 : 0,
      article.readAt ?? (article.isRead ? createdAt : null),
      article.processingStatus ?? "completed",
      createdAt,
      createdAt,
      article.language ?? null,
    )
    .first<{ id: number }>();
  return row?.id as number;
}

/**
 * An article as the processing pipeline leaves it: stored content and summary, and its vector in the local
 * index (the real local embedder and index, not a stand-in).
 */
export async function seedProcessedArticle(userId: number, article: SeedArticle & { title: string; text: string }) {
  const { env } = await import("cloudflare:test");
  const { createD1VectorIndex } = await import("../../src/worker/adapters/local/d1-vector-index");
  const { createLocalEmbedder } = await import("../../src/worker/adapters/local/local-embedder");
  const { createDatabase } = await import("../../src/worker/db/client");
  const { text, ...fields } = article;
  const id = await seedArticle(userId, { summary: text, content: `<p>${text}</p>`, ...fields });
  const embedder = createLocalEmbedder(1024);
  const [vector] = await embedder.embed([`${article.title}\n${text}`]);
  await createD1VectorIndex(createDatabase(env.DB), embedder.name).upsert(userId, [
    { id: String(id), vector: vector as number[] },
  ]);
  return id;
}

/** Waits, through the API, until the article has left pending/processing/retrying; returns it as the API does. */
export async function waitForProcessed(token: string, id: number) {
  let article: Record<string, any> = {};
  await expect
    .poll(
      async () => {
        article = (await api("GET", `/api/articles/${id}`, { token })).body;
        return article.processing_status;
      },
      { timeout: OUTCOME_WAIT_MS, interval: 100 },
    )
    .toMatch(/^(completed|failed)$/);
  return article;
}
