import type { PublishedFeedRecord, PublishedFeedsRepository } from "../db/repositories/published-feeds-repository";
import type { PUBLISHED_FEED_KINDS } from "../db/schema";
import { cutHtmlToUtf8Bytes } from "../domain/article-row-budget";
import { Conflict, InvalidInput, NotFound } from "../domain/errors";
import { buildAtom } from "../domain/feeds/atom";
import { sha256Hex } from "../domain/sha256";
import { normalizeTags } from "../domain/tags/normalize-tags";

/** Entries in a published feed: the newest saves; feed readers keep what they have already seen. */
export const PUBLISHED_ENTRIES = 50;
/** Most published feeds a reader keeps (one per tag they share is far below it); keeps the Settings list short. */
export const MAX_PUBLISHED_FEEDS = 50;
/** An entry's content is cut here (whole paragraphs), so 50 long articles stay a few megabytes. */
const ENTRY_CONTENT_BYTES = 100_000;
const SHORTENED = "<p><em>Shortened; the whole article is at its link.</em></p>";

/** 32 random bytes, base64url: 256 bits, so an address cannot be guessed; only its hash is stored. */
function newSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

export type PublishedFeedKind = (typeof PUBLISHED_FEED_KINDS)[number];

/** The public address of a feed's secret: under /api, and outside the routes that need a sign-in. */
export const atomPath = (secret: string) => `/api/atom/${secret}`;
/** The OPDS catalog's address (an e-reader app browses it and downloads EPUBs under it: routes/ebooks.ts). */
export const opdsPath = (secret: string) => `/api/opds/${secret}`;

function titleOf(row: PublishedFeedRecord): string {
  if (row.kind === "opds") return "E-reader catalog: your unread queue";
  return row.tag === null ? "Your whole Library" : `Tag: ${row.tag}`;
}

function toJson(row: PublishedFeedRecord) {
  return {
    id: row.id,
    kind: row.kind,
    tag: row.tag,
    title: titleOf(row),
    created_at: row.createdAt,
    last_read_at: row.lastReadAt,
  };
}

interface Deps {
  published: PublishedFeedsRepository;
  now?: () => number;
}

/** The reader's Library, or a tag of it, as private Atom feeds at secret addresses they can revoke. */
export function createPublishedFeedsService({ published, now = Date.now }: Deps) {
  /**
   * The feed of `kind` a secret names, marked as read now; NotFound when it names none (never issued, revoked, or
   * of the other kind: an Atom address is not a catalog, nor the other way round).
   */
  async function open(secret: string, kind: PublishedFeedKind): Promise<PublishedFeedRecord> {
    const feed = await published.findByTokenHash(await sha256Hex(secret));
    if (!feed || feed.kind !== kind) throw new NotFound(kind === "opds" ? "Catalog not found" : "Feed not found");
    await published.touch(feed.userId, feed.id, now());
    return feed;
  }

  return {
    async list(userId: number) {
      return { feeds: (await published.list(userId)).map(toJson) };
    },

    /**
     * A new feed of `tag` (null: the whole Library). Its address is in this answer only: the secret is stored as its
     * SHA-256, as API tokens are, so a copy of the database cannot be used to read anyone's feed.
     */
    async create(userId: number, tag: string | null, origin: string, kind: PublishedFeedKind = "atom") {
      if (kind === "opds" && tag !== null) {
        throw new InvalidInput("tag: an e-reader catalog lists the unread queue; it takes no tag");
      }
      if ((await published.count(userId)) >= MAX_PUBLISHED_FEEDS) {
        throw new Conflict(`You have ${MAX_PUBLISHED_FEEDS} published feeds; revoke one before making another`);
      }
      const normalized = tag === null ? null : (normalizeTags([tag])[0] ?? null);
      // Tags are matched by key ("rust" is "Rust"); the feed is named as the reader's articles spell it.
      const spelling = normalized ? ((await published.tagSpelling(userId, normalized.key)) ?? normalized.tag) : null;
      const secret = newSecret();
      const row = await published.insert(
        userId,
        { tag: spelling, tagKey: normalized?.key ?? null, kind, tokenHash: await sha256Hex(secret) },
        now(),
      );
      return { ...toJson(row), url: `${origin}${kind === "opds" ? opdsPath(secret) : atomPath(secret)}` };
    },

    async revoke(userId: number, id: number): Promise<void> {
      if (!(await published.delete(userId, id))) throw new NotFound("Published feed not found");
    },

    open,

    /** The Atom document for a secret; NotFound when it names no feed (never issued, or revoked). */
    async atom(secret: string, urls: { self: string; site: string }): Promise<string> {
      const feed = await open(secret, "atom");
      const rows = await published.articles(feed.userId, feed.tagKey, PUBLISHED_ENTRIES, ENTRY_CONTENT_BYTES * 2);
      return buildAtom({
        id: `urn:viberead:feed:${feed.id}`,
        title: feed.tag === null ? "VibeRead: my Library" : `VibeRead: ${feed.tag}`,
        subtitle:
          feed.tag === null ? "Articles saved in VibeRead" : `Articles saved in VibeRead and tagged "${feed.tag}"`,
        selfUrl: urls.self,
        siteUrl: urls.site,
        createdAt: feed.createdAt,
        entries: rows.map((row) => ({
          id: `urn:viberead:article:${row.id}`,
          url: row.url,
          title: row.title?.trim() || row.url,
          author: row.author,
          summary: row.summary,
          contentHtml: row.content ? cutHtmlToUtf8Bytes(row.content, ENTRY_CONTENT_BYTES, SHORTENED) : null,
          published: row.createdAt,
          updated: row.updatedAt,
        })),
      });
    },
  };
}
export type PublishedFeedsService = ReturnType<typeof createPublishedFeedsService>;
