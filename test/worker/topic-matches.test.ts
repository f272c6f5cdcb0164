import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { servicesForUser } from "../../src/worker/context";
import { LEFTOVER_LABEL } from "../../src/worker/domain/clustering/topic-names";
import { seededRandom } from "../../src/worker/domain/clustering/vectors";
import { TOPIC_FLOOR } from "../../src/worker/domain/similarity/topic-membership";
import { api, registerUser, seedProcessedArticle } from "./helpers";
import { recluster, SUBJECTS } from "./topics-helpers";

type Member = { id: number; similarity: number };

/**
 * Short articles in one style of prose, each about the words of its subject: their style is shared, so only their
 * subject sets them apart (articles of made-up word lists would be told apart by their style too).
 */
function prose(words: string[], random: () => number): { title: string; text: string } {
  const word = () => words[Math.floor(random() * words.length)] as string;
  return {
    title: `${word()} and ${word()}`,
    text: `Reporters looked again at ${word()} and ${word()} this week. The ${word()} was the part most readers asked about, and experts compared it with ${word()} and ${word()}. Later the ${word()} came up, next to ${word()} and ${word()}, before a long talk about ${word()}.`,
  };
}

/** Subjects of several articles each: SUBJECTS' and three more, so that no few subjects make up the library. */
const TOPICS: Record<string, string[]> = {
  ...SUBJECTS,
  elections:
    "ballot voters parliament coalition campaign candidate polls senate minister referendum turnout opposition".split(
      " ",
    ),
  space: "rocket orbit astronauts launch satellite lunar nasa telescope spacecraft mars capsule booster".split(" "),
  wine: "vineyard grapes harvest tannins merlot cellar vintage barrels sommelier riesling winery fermentation".split(
    " ",
  ),
};

/** Subjects no other article shares: the flint tool among them. */
const LONERS = [
  "flint flake neanderthal birch tar cave archaeologists hafting stone tools bark glue",
  "hanoi backpacking hostels motorbike beaches cruise noodles train vietnam diary pass bay",
  "sourdough starter dough flour loaf oven crust yeast knead bake rye proofing",
  "striker penalty goalkeeper referee stadium league midfielder tackle corner offside cup final",
].map((words) => words.split(" "));

/** Every topic of the user with its members, the leftover group ("Other articles") included. */
async function topicsWithMembers(token: string) {
  const listed = await api("GET", "/api/topics/?unread_only=false&limit=50", { token });
  const topics: { label: string; members: Member[] }[] = [];
  for (const topic of listed.body.topics as { id: number; label: string }[]) {
    const detail = await api("GET", `/api/topics/${topic.id}?unread_only=false&limit=100`, { token });
    topics.push({ label: topic.label, members: detail.body.articles });
  }
  return topics;
}

describe("a topic member's match, read against the library", () => {
  it("an article that shares no subject with the others is not shown as a close match: in Other articles, or under 50%", async () => {
    const { token, user } = await registerUser();
    const random = seededRandom(5);
    const subjectOf = new Map<number, string>();
    for (const [subject, words] of Object.entries(TOPICS))
      for (let i = 0; i < 5; i++) subjectOf.set(await seedProcessedArticle(user.id, prose(words, random)), subject);
    const loners: number[] = [];
    for (const words of LONERS) loners.push(await seedProcessedArticle(user.id, prose(words, random)));
    await recluster(user.id);

    const topics = await topicsWithMembers(token);
    for (const loner of loners) {
      const topic = topics.find((t) => t.members.some((m) => m.id === loner));
      const match = topic?.members.find((m) => m.id === loner)?.similarity;
      // In "Other articles" (no match), or loosely in a topic: never the 73% the flint tool had in "Emissions".
      if (topic?.label === LEFTOVER_LABEL) expect(match).toBe(0);
      else expect(match, `${loner} in ${topic?.label}`).toBeLessThan(0.5);
    }
    for (const topic of topics.filter((t) => t.label !== LEFTOVER_LABEL)) {
      const matches = topic.members.map((m) => m.similarity);
      // Best first, every member at the floor or above, as a share of 1.
      expect([...matches].sort((a, b) => b - a)).toEqual(matches);
      for (const match of matches) {
        expect(match).toBeGreaterThanOrEqual(TOPIC_FLOOR);
        expect(match).toBeLessThanOrEqual(1);
      }
      // Most of a topic's articles are of one subject, and those lead it.
      const first = subjectOf.get(topic.members[0]?.id as number);
      expect(first, topic.label).toBeDefined();
    }
  });

  it("an article saved after the run joins a topic only when it is close to it, at its match on the library's scale", async () => {
    const { token, user } = await registerUser();
    const random = seededRandom(9);
    for (const subject of ["bees", "ice", "code"] as const)
      for (let i = 0; i < 6; i++) await seedProcessedArticle(user.id, prose(SUBJECTS[subject] as string[], random));
    await recluster(user.id);
    const services = await servicesForUser(env, user.id);
    const close = await seedProcessedArticle(user.id, prose(SUBJECTS.bees as string[], random));
    const far = await seedProcessedArticle(user.id, prose(LONERS[0] as string[], random));
    expect(await services.topics.joinArticle(user.id, close)).toBe(true);
    expect(await services.topics.joinArticle(user.id, far)).toBe(true);

    const topics = await topicsWithMembers(token);
    const placed = (id: number) => topics.find((t) => t.members.some((m) => m.id === id));
    const beesTopic = placed(close);
    expect(beesTopic?.label).not.toBe(LEFTOVER_LABEL);
    const joined = beesTopic?.members.find((m) => m.id === close) as Member;
    expect(joined.similarity).toBeGreaterThanOrEqual(TOPIC_FLOOR);
    expect(joined.similarity).toBeLessThanOrEqual(1);
    expect(placed(far)?.label).toBe(LEFTOVER_LABEL);
  });
});
