import { describe, expect, it } from "vitest";
import {
  ageLabel,
  feedbackLabel,
  isOtherArticles,
  matchLabel,
  parseTopicId,
  percent,
  scoreTone,
  scoreToneClass,
  shortDate,
  topicsTotal,
} from "../../src/client/lib/topic-display";

describe("scoreTone (spec §9: at least 0.8 green, 0.6 blue, 0.4 yellow)", () => {
  it("colours each band from its lower bound", () => {
    expect(scoreTone(1)).toBe("green");
    expect(scoreTone(0.8)).toBe("green");
    expect(scoreTone(0.7999)).toBe("blue");
    expect(scoreTone(0.6)).toBe("blue");
    expect(scoreTone(0.5999)).toBe("yellow");
    expect(scoreTone(0.4)).toBe("yellow");
  });

  it("gives no colour below 0.4 or for a missing score", () => {
    expect(scoreTone(0.3999)).toBeNull();
    expect(scoreTone(0)).toBeNull();
    expect(scoreTone(Number.NaN)).toBeNull();
    expect(scoreToneClass(0.2)).toBe("topic-score-none");
    expect(scoreToneClass(0.85)).toBe("topic-score-green");
  });
});

describe("percent and matchLabel", () => {
  it("rounds to a whole percent", () => {
    expect(percent(0.9444)).toBe("94%");
    expect(percent(0.005)).toBe("1%");
    expect(percent(1)).toBe("100%");
  });

  it("keeps a negative silhouette negative but never shows -0%", () => {
    expect(percent(-0.12)).toBe("-12%");
    expect(percent(-0.001)).toBe("0%");
  });

  it("shows a dash for a missing value", () => {
    expect(percent(null)).toBe("–");
    expect(percent(Number.NaN)).toBe("–");
  });

  it("holds a match to 0..100%", () => {
    expect(matchLabel(0.873)).toBe("87% match");
    expect(matchLabel(1.2)).toBe("100% match");
    expect(matchLabel(-0.1)).toBe("0% match");
  });
});

describe("ageLabel (spec §9: under 1 day 'today', then days, weeks, months)", () => {
  it("says today under a day", () => {
    expect(ageLabel(0)).toBe("today");
    expect(ageLabel(0.99)).toBe("today");
    expect(ageLabel(null)).toBe("today");
  });

  it("counts whole days, then weeks, then months", () => {
    expect(ageLabel(1)).toBe("1 day");
    expect(ageLabel(6.9)).toBe("6 days");
    expect(ageLabel(7)).toBe("1 week");
    expect(ageLabel(29)).toBe("4 weeks");
    expect(ageLabel(30)).toBe("1 month");
    expect(ageLabel(400)).toBe("13 months");
  });
});

describe("feedbackLabel", () => {
  it("says when nothing was rated", () => {
    expect(feedbackLabel(null)).toBe("No ratings yet");
  });

  it("names the band and shows the signed mean", () => {
    expect(feedbackLabel(1)).toBe("Good (+1.0)");
    expect(feedbackLabel(0.5)).toBe("Good (+0.5)");
    expect(feedbackLabel(0)).toBe("Alright (0.0)");
    expect(feedbackLabel(-0.02)).toBe("Alright (0.0)");
    expect(feedbackLabel(-1)).toBe("Poor (−1.0)");
  });
});

describe("shortDate and parseTopicId", () => {
  it("formats a calendar date and ignores garbage", () => {
    expect(shortDate("2026-11-21T08:46:12.453Z")).toBe("Nov 21, 2026");
    expect(shortDate("not a date")).toBe("");
  });

  it("accepts the ids the API accepts and nothing else", () => {
    expect(parseTopicId("111112541349457")).toBe(111112541349457);
    expect(parseTopicId("1")).toBe(1);
    for (const bad of [undefined, "", "0", "-3", "1.5", "abc", "12345678901234567", "9007199254740993"]) {
      expect(parseTopicId(bad)).toBeNull();
    }
  });

  it("tells 'Other articles' (no keywords, a score of 0) from a topic, which shows its score", () => {
    expect(isOtherArticles({ final_score: 0, keywords: [] })).toBe(true);
    expect(isOtherArticles({ final_score: 0.42, keywords: ["bees", "pollen"] })).toBe(false);
    expect(isOtherArticles({ final_score: 0, keywords: ["bees"] })).toBe(false);
  });

  it("counts the topics without 'Other articles'", () => {
    const topic = { final_score: 0.8, keywords: ["bees"] };
    const other = { final_score: 0, keywords: [] };
    expect(topicsTotal([topic, topic, topic, other])).toBe("3 topics with unread articles, best first");
    expect(topicsTotal([topic, other])).toBe("1 topic with unread articles, best first");
    expect(topicsTotal([other])).toBe("Your unread articles fit no topic yet");
  });
});
