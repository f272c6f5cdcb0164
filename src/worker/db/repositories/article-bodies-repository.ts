import { storableText } from "../../domain/valid-text";

/**
 * Article bodies and saved page sources in R2 (the ARTICLE_BODIES bucket), out of D1: a database holds at most
 * 10 GB and a row 2 MB, and a body is most of an article's bytes. D1 keeps what is listed, filtered, sorted and
 * searched; the body is read when one article is opened, processed, exported or re-indexed.
 *
 * Every key starts with the user's prefix `users/<userId>/`, so an account's objects are listed and deleted by
 * prefix, and a read checks the prefix: a key from another user's row is never read. A body is one gzipped JSON
 * object `{ content, searchText }` under a new key each time it changes (`users/<u>/articles/<a>/body-<stamp>`):
 * it is written before the row points to it and the old one deleted after, so a reader sees the old body or the
 * new one, never half of one, and a write that fails leaves the row as it was.
 */
export interface ArticleBody {
  /** The extracted HTML, as the viewer shows it. */
  content: string;
  /** The content as plain text: what the full-text index read. */
  searchText: string;
}

const userPrefix = (userId: number) => `users/${userId}/`;
const articlePrefix = (userId: number, articleId: number) => `${userPrefix(userId)}articles/${articleId}/`;
/** R2 deletes at most 1,000 keys a call. */
const DELETE_BATCH = 1000;

async function gzip(text: string): Promise<Uint8Array> {
  const stream = new Blob([new TextEncoder().encode(text)]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function gunzip(bytes: ArrayBuffer): Promise<string> {
  return new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).text();
}

export function createArticleBodiesRepository(bucket: R2Bucket) {
  async function deleteUnder(prefix: string): Promise<number> {
    let deleted = 0;
    let cursor: string | undefined;
    do {
      const page = await bucket.list({ prefix, cursor, limit: DELETE_BATCH });
      const keys = page.objects.map((object) => object.key);
      if (keys.length > 0) await bucket.delete(keys);
      deleted += keys.length;
      cursor = page.truncated ? page.cursor : undefined;
    } while (cursor);
    return deleted;
  }

  const owns = (userId: number, key: string) => key.startsWith(userPrefix(userId));

  return {
    /** A key no body has had: the time and a random part, so two writes of one article never share one. */
    newBodyKey(userId: number, articleId: number): string {
      const stamp = `${Date.now().toString(36)}-${crypto.randomUUID().slice(0, 8)}`;
      return `${articlePrefix(userId, articleId)}body-${stamp}`;
    },

    async writeBody(userId: number, key: string, body: ArticleBody): Promise<void> {
      if (!owns(userId, key)) throw new Error("A body key outside the user's prefix");
      // As every string bound to D1 is (db/client.ts): no NULs, lone surrogates as U+FFFD. The body's text feeds the
      // full-text index and is shown as typed, so it is stored as D1 would have stored it.
      const storable = { content: storableText(body.content), searchText: storableText(body.searchText) };
      await bucket.put(key, await gzip(JSON.stringify(storable)), {
        httpMetadata: { contentType: "application/json" },
        customMetadata: { encoding: "gzip" },
      });
    },

    /** The body under `key`, or null when there is none (or the key is not the user's). */
    async readBody(userId: number, key: string): Promise<ArticleBody | null> {
      if (!owns(userId, key)) return null;
      const object = await bucket.get(key);
      if (!object) return null;
      const parsed = JSON.parse(await gunzip(await object.arrayBuffer())) as Partial<ArticleBody>;
      return { content: parsed.content ?? "", searchText: parsed.searchText ?? "" };
    },

    async deleteBody(userId: number, key: string): Promise<void> {
      if (owns(userId, key)) await bucket.delete(key);
    },

    /** The page the user's browser sent with a save (gzip + base64, as processing reads it), until extracted. */
    async writeSource(userId: number, articleId: number, encoded: string): Promise<void> {
      await bucket.put(`${articlePrefix(userId, articleId)}source`, encoded);
    },

    async readSource(userId: number, articleId: number): Promise<string | null> {
      const object = await bucket.get(`${articlePrefix(userId, articleId)}source`);
      return object ? object.text() : null;
    },

    async deleteSource(userId: number, articleId: number): Promise<void> {
      await bucket.delete(`${articlePrefix(userId, articleId)}source`);
    },

    /**
     * The file a document article was read from (issue 54: an upload, or the PDF a saved link answered), kept as
     * it came for "Open original"; deleted with the article and the account like everything under their prefixes.
     */
    async writeOriginal(
      userId: number,
      articleId: number,
      bytes: Uint8Array,
      meta: { contentType: string; fileName: string | null },
    ): Promise<void> {
      await bucket.put(`${articlePrefix(userId, articleId)}original`, bytes, {
        httpMetadata: { contentType: meta.contentType },
        customMetadata: meta.fileName ? { fileName: meta.fileName } : {},
      });
    },

    async readOriginal(userId: number, articleId: number): Promise<R2ObjectBody | null> {
      return bucket.get(`${articlePrefix(userId, articleId)}original`);
    },

    /** Everything kept for one article (its bodies, old ones a failed clean-up left, its source). */
    async deleteArticle(userId: number, articleId: number): Promise<void> {
      await deleteUnder(articlePrefix(userId, articleId));
    },

    /** Everything kept for the user: with the account. Answers how many objects were deleted. */
    async deleteUser(userId: number): Promise<number> {
      return deleteUnder(userPrefix(userId));
    },
  };
}
export type ArticleBodiesRepository = ReturnType<typeof createArticleBodiesRepository>;
