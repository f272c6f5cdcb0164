import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { servicesForUser } from "../../src/worker/context";
import { LEFTOVER_LABEL } from "../../src/worker/domain/clustering/topic-names";
import { seededRandom } from "../../src/worker/domain/clustering/vectors";
import { api, registerUser, seedProcessedArticle } from "./helpers";
import { recluster, SUBJECTS } from "./topics-helpers";

/** The same two subjects in German: the local embedder cannot place them beside the English ones. */
const GERMAN: Record<string, string[]> = {
  bees: "Honigbienen Bienenstock Pollen Schwänzeltanz Königin Imkerei Honig Bienenvolk Schwarm Nektar Drohnen Waben".split(
    " ",
  ),
  ice: "Gletscher Gletscherschmelze Eiskappe Klimawandel Erwärmung Arktis Rückzug Meereis Permafrost Schneedecke Tauwetter Eisberg".split(
    " ",
  ),
};

/** Seeds `perSubject` processed articles of each subject in English and in German; their ids by language. */
async function bilingualLibrary(userId: number, perSubject: number, seed: number) {
  const random = seededRandom(seed);
  const ids: Record<string, number[]> = { en: [], de: [] };
  for (const [language, vocabulary] of [
    ["en", { bees: SUBJECTS.bees, ice: SUBJECTS.ice }],
    ["de", GERMAN],
  ] as const) {
    for (const words of Object.values(vocabulary)) {
      for (let i = 0; i < perSubject; i++) {
        const list = words as string[];
        const text = Array.from({ length: 16 }, () => list[Math.floor(random() * list.length)]).join(" ");
        const title = `${list[i % list.length]} ${list[(i + 3) % list.length]}`;
        ids[language]?.push(await seedProcessedArticle(userId, { title, text, language }));
      }
    }
  }
  return ids;
}

describe("topics and languages with the local embedder (not multilingual)", () => {
  it("clusters each language apart: every topic is in one language and says which; a few of another are left over", async () => {
    const { token, user } = await registerUser();
    const ids = await bilingualLibrary(user.id, 10, 3);
    const languageOf = new Map(Object.entries(ids).flatMap(([language, list]) => list.map((id) => [id, language])));
    // Three Spanish articles: too few to share a subject among themselves, and comparable with no other language.
    const spanish = [];
    for (const title of ["Abejas y colmenas", "Glaciares que se derriten", "Miel de las abejas"]) {
      spanish.push(await seedProcessedArticle(user.id, { title, text: `${title} ${title} ${title}`, language: "es" }));
    }
    await recluster(user.id);
    for (const id of spanish) {
      const group = await env.DB.prepare(
        "SELECT t.label AS label FROM topic_articles ta JOIN topics t ON t.id = ta.topic_id WHERE ta.article_id = ?",
      )
        .bind(id)
        .first<{ label: string }>();
      expect(group?.label).toBe(LEFTOVER_LABEL);
    }

    const { topics } = (await api("GET", "/api/topics/?unread_only=false&limit=50", { token })).body;
    const named = topics.filter((t: { label: string }) => t.label !== LEFTOVER_LABEL);
    expect(new Set(named.map((t: { language: string }) => t.language))).toEqual(new Set(["en", "de"]));
    for (const topic of named) {
      const detail = await api("GET", `/api/topics/${topic.id}?limit=100`, { token });
      const languages = detail.body.articles.map((a: { id: number }) => languageOf.get(a.id));
      expect(new Set(languages)).toEqual(new Set([topic.language]));
    }

    // A German article processed later joins a German topic, never an English one of its subject.
    const late = await seedProcessedArticle(user.id, {
      title: "Honigbienen im Bienenstock",
      text: "Honigbienen Bienenstock Pollen Königin Honig Bienenvolk Schwarm Nektar Waben Imkerei Drohnen Honig",
      language: "de",
    });
    expect(await (await servicesForUser(env, user.id)).topics.joinArticle(user.id, late)).toBe(true);
    const joined = await env.DB.prepare(
      "SELECT t.language AS language, t.label AS label FROM topic_articles ta JOIN topics t ON t.id = ta.topic_id WHERE ta.article_id = ?",
    )
      .bind(late)
      .first<{ language: string | null; label: string }>();
    expect(joined?.label === LEFTOVER_LABEL || joined?.language === "de").toBe(true);
    expect(joined?.language).not.toBe("en");

    // "Other articles" keeps its id across runs, so its open page stays.
    const leftoverId = async () =>
      (await api("GET", "/api/topics/?unread_only=false&limit=50", { token })).body.topics.find(
        (t: { label: string }) => t.label === LEFTOVER_LABEL,
      )?.id;
    const before = await leftoverId();
    expect(before).toBeDefined();
    await recluster(user.id);
    expect(await leftoverId()).toBe(before);
  });
});
