import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { extractArticleWithSource } from "../src/worker/domain/extraction/extract-article";
import { decodeHtml } from "../src/worker/services/fetching/decode-html";
const gt = JSON.parse(readFileSync("/work/shared/corpus/modern-dev/evaldata.json", "utf8"));
for (const id of process.argv.slice(2)) {
  const [url, entry] = Object.entries(gt).find(([, e]: any) => e.file.startsWith(id)) as any;
  const bytes = gunzipSync(readFileSync(`/work/shared/corpus/modern-dev/html/${entry.file}.gz`));
  const html = decodeHtml(new Uint8Array(bytes), "text/html");
  const r = extractArticleWithSource(html, url);
  const text = r.article.text;
  console.log(id, r.source, text.length);
  for (const s of entry.without) { const i = text.indexOf(s.slice(0, 30)); if (i >= 0) console.log("  KEPT", JSON.stringify(s.slice(0, 60)), "…", JSON.stringify(text.slice(Math.max(0, i - 150), i + 100))); }
}
