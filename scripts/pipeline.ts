// The processing pipeline as a command, for inspection and evaluation: the same extraction, language,
// summary and embedding code as the Worker, with the local adapters, outside workerd.
//
//   npm run --silent pipeline -- <extract|lang|summarize|embed|cluster>  < in.jsonl  > out.jsonl
//
// `cluster` lines: { id, title, text | content (HTML), language? }; the language is detected when absent, as
// the Worker detects it, and the library is clustered by the Worker's own topics code (library-items,
// cluster-library, and above 1,000 articles sample-then-join), so its topics and names are the app's for the
// same articles (test/worker/pipeline-cluster.test.ts).
//
// Reads one JSON object per line on stdin and writes one per line on stdout, in input order. A line that
// cannot be processed gives `{ "id": ..., "error": "..." }` (id null when it could not be read) and the run
// goes on; the exit code is 1 if any line failed. `cluster` reads the whole input as one library first.
import { createInterface } from "node:readline";
import { z } from "zod";
import { createExtractiveLanguageModel } from "../src/worker/adapters/local/extractive-language-model";
import { createLocalEmbedder } from "../src/worker/adapters/local/local-embedder";
import { articleLanguage } from "../src/worker/domain/article-language";
import { extractArticle, htmlToText } from "../src/worker/domain/extraction/extract-article";
import { clusterLines } from "./pipeline-cluster";

const id = z.union([z.string(), z.number()]);
const DIMENSIONS = Number(process.env.EMBEDDING_DIMENSIONS ?? 1024);

const stages = {
  extract: {
    input: z.object({ id, url: z.string().url(), html: z.string() }),
    async run({ id, url, html }: { id: string | number; url: string; html: string }) {
      const article = extractArticle(html, url);
      return {
        id,
        title: article.title,
        byline: article.byline,
        published_time: article.publishedTime,
        site_name: article.siteName,
        language: articleLanguage(`${article.title ?? ""}\n${article.text}`, article.htmlLanguage),
        text: article.text,
        content: article.content,
        word_count: article.wordCount,
      };
    },
  },
  lang: {
    input: z.object({ id, text: z.string() }),
    async run({ id, text }: { id: string | number; text: string }) {
      return { id, language: articleLanguage(text, null) };
    },
  },
  summarize: {
    input: z.object({ id, title: z.string().default(""), text: z.string(), language: z.string().default("en") }),
    async run(input: { id: string | number; title: string; text: string; language: string }) {
      return { id: input.id, summary: await createExtractiveLanguageModel().summarize(input) };
    },
  },
  embed: {
    input: z.object({ id, text: z.string() }),
    async run({ id, text }: { id: string | number; text: string }) {
      const embedder = createLocalEmbedder(DIMENSIONS);
      // As much of the text as the Worker sends for an article (the embedder's maxInputChars).
      const [vector] = await embedder.embed([text.slice(0, embedder.maxInputChars)]);
      return { id, vector };
    },
  },
} as const;

type StageName = keyof typeof stages;

const clusterInput = z
  .object({
    id,
    title: z.string().default(""),
    text: z.string().optional(),
    /** The article's HTML content as the app stores it: its text is read from it as the Worker reads it. */
    content: z.string().optional(),
    /** The article's language (ISO 639-1), as the Worker stores it; detected as the Worker detects it when absent. */
    language: z.string().min(2).max(8).nullish(),
  })
  .superRefine((line, context) => {
    if (line.text === undefined && line.content === undefined)
      context.addIssue({ code: "custom", path: ["text"], message: "text (or content) is required" });
  })
  .transform(({ content, text, ...line }) => ({ ...line, text: text ?? htmlToText(content ?? "") }));

/** `cluster`: every line is one article of one library; the same clustering and labels as the Worker. */
async function cluster(lines: string[]): Promise<number> {
  const items: { id: string | number; title: string; text: string; language?: string | null }[] = [];
  // Per input line, in order: the index of its article in `items`, or the error it gave.
  const outcomes: (number | { id: unknown; error: string })[] = lines.map((line) => {
    try {
      const raw: unknown = JSON.parse(line);
      const parsed = clusterInput.safeParse(raw);
      if (!parsed.success) return { id: (raw as { id?: unknown })?.id ?? null, error: describe(parsed.error) };
      return items.push(parsed.data) - 1;
    } catch (error) {
      return { id: null, error: `not JSON: ${(error as Error).message}` };
    }
  });
  // Processed as the Worker processes an article, then exactly the Worker's topics code (pipeline-cluster).
  const { languages, topics, placements } = await clusterLines(items, { dimensions: DIMENSIONS });
  const placement = new Map<number, { topicId: number; label: string; similarity: number }>();
  for (const [index, place] of placements)
    placement.set(index, {
      topicId: place.topic + 1,
      label: topics[place.topic]?.label ?? "",
      similarity: place.similarity,
    });
  for (const outcome of outcomes) {
    if (typeof outcome !== "number") {
      process.stdout.write(`${JSON.stringify(outcome)}\n`);
      continue;
    }
    const place = placement.get(outcome);
    process.stdout.write(
      `${JSON.stringify({ id: items[outcome]?.id, language: languages[outcome], topic_id: place?.topicId ?? null, topic_label: place?.label ?? null, similarity: place?.similarity ?? null })}\n`,
    );
  }
  return outcomes.some((outcome) => typeof outcome !== "number") ? 1 : 0;
}

function describe(error: z.ZodError): string {
  const issue = error.issues[0];
  return `${issue?.path.join(".") || "line"}: ${issue?.message}`;
}

async function main(): Promise<number> {
  const name = process.argv[2];
  if (name === "cluster") {
    const lines: string[] = [];
    for await (const line of createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY })) {
      if (line.trim()) lines.push(line);
    }
    return cluster(lines);
  }
  if (!name || !(name in stages)) {
    process.stderr.write(
      `usage: npm run --silent pipeline -- <${[...Object.keys(stages), "cluster"].join("|")}>  < in.jsonl\n`,
    );
    return 2;
  }
  const stage = stages[name as StageName];
  let failures = 0;
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY })) {
    if (!line.trim()) continue;
    let lineId: unknown = null;
    try {
      const raw: unknown = JSON.parse(line);
      lineId = (raw as { id?: unknown } | null)?.id ?? null;
      const parsed = stage.input.safeParse(raw);
      if (!parsed.success) throw new Error(describe(parsed.error));
      // Each stage's run() takes exactly what its own schema parsed.
      const output = await (stage.run as (input: unknown) => Promise<unknown>)(parsed.data);
      process.stdout.write(`${JSON.stringify(output)}\n`);
    } catch (error) {
      failures += 1;
      const message = error instanceof SyntaxError ? `not JSON: ${error.message}` : (error as Error).message;
      process.stdout.write(`${JSON.stringify({ id: lineId, error: message })}\n`);
    }
  }
  return failures > 0 ? 1 : 0;
}

process.exitCode = await main();
