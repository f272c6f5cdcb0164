// `npm run bench:topics`: one topics run over a 20,000-article library, end to end, through the Worker's own
// code: the topics service (createTopicsService with the D1 repository, the local D1 vector index, the local
// embedder and language model) driven step by step by runTopics, as the TopicsWorkflow drives it. The database
// is a local D1 (wrangler's platform proxy over the migrations wrangler applies), in .wrangler/bench-topics-state.
//
// The library: ARTICLES articles in 24 subjects (each article 40 words drawn from its subject's words and
// everyday words), embedded by the local embedder and stored as processing stores them. Printed: the run's time,
// its steps, the slowest step's CPU time (this process: the Worker's JavaScript, not the database's), the peak
// heap above the start, and how many articles ended up in a topic.
//
//   npm run bench:topics [-- --articles 20000] [--reuse]   (--reuse: the library seeded by the last run)
//   npm run bench:topics -- --saved [1200]   pages saved through the app's API: minutes from completed to placed
//                                            (scripts/bench-topics-saved.mjs)
import { rmSync } from "node:fs";
import { join } from "node:path";
import { getPlatformProxy } from "wrangler";
import { createD1VectorIndex } from "../src/worker/adapters/local/d1-vector-index";
import { createExtractiveLanguageModel } from "../src/worker/adapters/local/extractive-language-model";
import { createLocalEmbedder } from "../src/worker/adapters/local/local-embedder";
import { createDatabase } from "../src/worker/db/client";
import { createTopicsRepository } from "../src/worker/db/repositories/topics-repository";
import { seededRandom } from "../src/worker/domain/clustering/vectors";
import { createTopicsService } from "../src/worker/services/topics-service";
import type { ProcessingSteps } from "../src/worker/workflows/process-article";
import { runTopics } from "../src/worker/workflows/topics-run";
import { ROOT } from "./lib.mjs";
import { applyMigrations } from "./setup.mjs";

const argIndex = process.argv.indexOf("--articles");
const ARTICLES = argIndex > 0 ? Number(process.argv[argIndex + 1]) : 20_000;
const PERSIST_TO = join(".wrangler", "bench-topics-state");
const REUSE = process.argv.includes("--reuse");

const SUBJECTS = [
  "honeybees hive pollen waggle queen beekeeping honey colony swarm nectar",
  "glacier melting icecap arctic permafrost snowpack thaw iceberg tundra sea-ice",
  "compiler borrow checker lifetimes llvm ownership generics macros rustc crates",
  "election ballot voters parliament coalition campaign polling senate candidate referendum",
  "football striker goalkeeper league penalty midfielder stadium transfer coach derby",
  "vaccine antibodies immune virus infection trial dose pandemic pathogen epidemiology",
  "telescope galaxy nebula astronomer orbit comet supernova exoplanet cosmic asteroid",
  "recipe flour oven dough baking butter yeast pastry bread knead",
  "bitcoin blockchain crypto exchange token wallet mining ledger stablecoin defi",
  "guitar chord melody album band concert drummer lyrics songwriter vinyl",
  "volcano lava eruption magma ash crater seismic tectonic caldera geologist",
  "inflation interest rates central bank bond yields recession monetary treasury lending",
  "chess grandmaster opening endgame checkmate tournament bishop rook pawn gambit",
  "hiking trail summit backpack alpine ridge campsite trekking boots glacier-lake",
  "smartphone battery chip display camera processor android iphone charger firmware",
  "painting canvas museum gallery sculpture exhibition curator portrait impressionist brushstroke",
  "wine vineyard grape harvest cellar vintage sommelier tannin barrel fermentation",
  "shark reef coral ocean diver whale dolphin plankton marine kelp",
  "railway train locomotive station tracks carriage timetable freight signal commuter",
  "novel author chapter publisher fiction bestseller manuscript literary poet narrator",
  "garden tomato compost seedling soil pruning greenhouse weeds harvest-beds mulch",
  "marathon runner sprint athlete stamina training pace hurdles relay olympic",
  "dinosaur fossil skeleton paleontologist jurassic excavation bones cretaceous extinction amber",
  "solar panel wind turbine grid renewable battery-storage inverter kilowatt emissions carbon",
].map((line) => line.split(" "));
const COMMON = "the year people time way day world life part report study week new first last many".split(" ");

function article(index: number, random: () => number) {
  const words = SUBJECTS[index % SUBJECTS.length] as string[];
  const pick = (list: string[]) => list[Math.floor(random() * list.length)] as string;
  const text = Array.from({ length: 40 }, () => (random() < 0.7 ? pick(words) : pick(COMMON))).join(" ");
  return { title: `${pick(words)} ${pick(words)} ${pick(words)}`, text };
}

/**
 * The platform proxy's D1 with one retry of a call whose connection was closed: workerd closes a connection idle
 * for 5 s, and the clustering step keeps this process busy for longer than that, so the proxy's next call may go
 * out on a closed socket. (A deployed Worker's D1 binding has no such connection.)
 */
function retryingD1(d1: D1Database): D1Database {
  const retry = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      if (!String((error as Error)?.message).includes("fetch failed")) throw error;
      return call();
    }
  };
  const inner = Symbol("inner");
  type Statement = D1PreparedStatement & { [inner]?: D1PreparedStatement };
  const wrap = (statement: D1PreparedStatement): Statement =>
    new Proxy(statement, {
      get(target, prop) {
        if (prop === inner) return target;
        if (prop === "bind") return (...values: unknown[]) => wrap(target.bind(...values));
        if (prop === "all" || prop === "raw" || prop === "run" || prop === "first") {
          const method = target[prop] as (...args: unknown[]) => Promise<unknown>;
          return (...args: unknown[]) => retry(() => method.apply(target, args));
        }
        const value = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  return new Proxy(d1, {
    get(target, prop) {
      if (prop === "prepare") return (query: string) => wrap(target.prepare(query));
      if (prop === "batch")
        return (statements: Statement[]) => retry(() => target.batch(statements.map((st) => st[inner] ?? st)));
      const value = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

async function main() {
  if (!REUSE) {
    rmSync(PERSIST_TO, { recursive: true, force: true });
    await applyMigrations(PERSIST_TO);
  }
  const proxy = await getPlatformProxy<{ DB: D1Database }>({
    configPath: join(ROOT, "wrangler.toml"),
    persist: { path: join(PERSIST_TO, "v3") },
    remoteBindings: false,
  });
  try {
    const d1 = retryingD1(proxy.env.DB);
    const db = createDatabase(d1);
    const embedder = createLocalEmbedder(1024);
    const vectorIndex = createD1VectorIndex(db, embedder.name);
    const seeded = REUSE
      ? await d1.prepare("SELECT max(id) AS id FROM users WHERE email LIKE 'bench-topics-%'").first<{ id: number }>()
      : null;
    const user =
      seeded?.id != null
        ? seeded
        : await d1
            .prepare("INSERT INTO users (email, password_hash, created_at) VALUES (?, 'x', ?) RETURNING id")
            .bind(`bench-topics-${Date.now()}@example.com`, Date.now())
            .first<{ id: number }>();
    const userId = user?.id as number;

    const seedStart = performance.now();
    const random = seededRandom(20_000);
    const base = Date.now() - ARTICLES * 60_000;
    if (!seeded?.id) console.log(`› Seeding ${ARTICLES} processed articles (rows and local vectors)...`);
    for (let start = 0; !seeded?.id && start < ARTICLES; start += 200) {
      const batch = Array.from({ length: Math.min(200, ARTICLES - start) }, (_, i) => article(start + i, random));
      const rows = await d1.batch(
        batch.map((a, i) =>
          d1
            .prepare(
              `INSERT INTO articles (user_id, url, normalized_url, title, summary, search_text, domain, is_read,
                 processing_status, created_at, updated_at, processed_at, language)
               VALUES (?, ?, ?, ?, ?, ?, 'bench.example', 0, 'completed', ?, ?, ?, 'en') RETURNING id`,
            )
            .bind(
              userId,
              `https://bench.example/${start + i}`,
              `https://bench.example/${start + i}`,
              a.title,
              a.text,
              a.text,
              base + (start + i) * 60_000,
              base + (start + i) * 60_000,
              base + (start + i) * 60_000,
            ),
        ),
      );
      const vectors = await embedder.embed(batch.map((a) => `${a.title}\n${a.text}`));
      const items = rows.map((row, i) => ({
        id: String((row.results[0] as { id: number }).id),
        vector: vectors[i] as number[],
      }));
      // A few vectors a call: the platform proxy closes on request bodies of a megabyte.
      for (let i = 0; i < items.length; i += 25) await vectorIndex.upsert(userId, items.slice(i, i + 25));
    }
    console.log(`  seeded in ${((performance.now() - seedStart) / 1000).toFixed(0)} s`);

    const service = () =>
      createTopicsService({
        topics: createTopicsRepository(db),
        vectorIndex,
        embedder,
        languageModel: createExtractiveLanguageModel(),
      });
    const steps: { name: string; cpuMs: number; wallMs: number }[] = [];
    global.gc?.();
    const heapAtStart = process.memoryUsage().heapUsed;
    let peakHeap = heapAtStart;
    const sample = () => {
      peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
    };
    const sampler = setInterval(sample, 20);
    // Each step as the Workflows runtime runs one: its callback once, timed (CPU of this process, wall clock).
    const timedSteps = {
      async do(name: string, configOrCallback: unknown, maybeCallback?: () => Promise<unknown>) {
        const callback = (maybeCallback ?? configOrCallback) as () => Promise<unknown>;
        // Each step is its own invocation in the Workflows runtime: what an earlier step left behind is collected
        // first (with node --expose-gc), so the peak is what one step holds at most, garbage it makes included.
        global.gc?.();
        const cpu = process.cpuUsage();
        const wall = performance.now();
        const result = await callback();
        const used = process.cpuUsage(cpu);
        sample();
        steps.push({ name, cpuMs: (used.user + used.system) / 1000, wallMs: performance.now() - wall });
        return result;
      },
      async sleep() {},
    } as unknown as ProcessingSteps;

    console.log("› One topics run (runTopics: the sample clustered, the rest joined, each topic labelled)...");
    const start = performance.now();
    const outcome = await runTopics(timedSteps, service, userId);
    const seconds = (performance.now() - start) / 1000;
    clearInterval(sampler);

    const covered = await d1
      .prepare(
        "SELECT count(DISTINCT ta.article_id) AS n FROM topic_articles ta JOIN topics t ON t.id = ta.topic_id WHERE t.user_id = ?",
      )
      .bind(userId)
      .first<{ n: number }>();
    const slowest = [...steps].sort((a, b) => b.cpuMs - a.cpuMs)[0];
    const joinSteps = steps.filter((s) => s.name.startsWith("join"));
    const slowestJoin = [...joinSteps].sort((a, b) => b.cpuMs - a.cpuMs)[0];
    console.log("");
    console.log(`Library:            ${ARTICLES} articles, ${SUBJECTS.length} subjects`);
    console.log(
      `Covered by topics:  ${covered?.n} of ${ARTICLES} (${outcome.topics} topics, sample ${outcome.articles})`,
    );
    console.log(`Time end to end:    ${seconds.toFixed(1)} s`);
    console.log(
      `Steps:              ${steps.length} (1 clustering, ${joinSteps.length} join, ${outcome.labelled} label)`,
    );
    console.log(`Slowest step (CPU): ${slowest?.name}: ${((slowest?.cpuMs ?? 0) / 1000).toFixed(2)} s`);
    console.log(`Slowest join step:  ${((slowestJoin?.cpuMs ?? 0) / 1000).toFixed(2)} s CPU`);
    console.log(`Peak heap:          +${((peakHeap - heapAtStart) / 2 ** 20).toFixed(0)} MB above the start`);
  } finally {
    await proxy.dispose();
  }
}

if (process.argv.includes("--saved")) await import("./bench-topics-saved.mjs");
else await main();
