import { describe, expect, it } from "vitest";
import { planChunks, sentenceAt, sentenceStarts } from "../../src/client/listen/cloud-chunks";
import { CloudVoiceFailed, cloudFallbackNotice, createCloudEngine } from "../../src/client/listen/cloud-engine";
import type { SpokenSentence } from "../../src/client/listen/engine";

const LIMITS = { first_chunk_sentences: 2, max_sentences: 8, max_chars: 992 };

describe("cloud voice chunks", () => {
  it("starts with a small chunk, then fills chunks up to the sentence and character bounds", () => {
    const texts = Array.from({ length: 20 }, (_, i) => `Sentence number ${i} is here.`);
    expect(planChunks(texts, 0, LIMITS)).toEqual([
      { from: 0, to: 2 },
      { from: 2, to: 10 },
      { from: 10, to: 18 },
      { from: 18, to: 20 },
    ]);
    // From where the reader starts (a tapped sentence, the reading position): a small first chunk, the rest of
    // its grid chunk, then the same chunks as a reading from the start, whose audio the server has cached.
    expect(planChunks(texts, 5, LIMITS)).toEqual([
      { from: 5, to: 7 },
      { from: 7, to: 10 },
      { from: 10, to: 18 },
      { from: 18, to: 20 },
    ]);
    expect(planChunks(texts, 17, LIMITS)).toEqual([
      { from: 17, to: 18 },
      { from: 18, to: 20 },
    ]);
    expect(planChunks(texts, 10, LIMITS)).toEqual([
      { from: 10, to: 12 },
      { from: 12, to: 18 },
      { from: 18, to: 20 },
    ]);
    expect(planChunks(texts, 20, LIMITS)).toEqual([]);
  });

  it("never puts more than max_chars into a chunk, but keeps an over-long sentence as a chunk of its own", () => {
    const long = "x".repeat(600);
    const chunks = planChunks(["Short one.", long, long, "Tail."], 0, LIMITS);
    expect(chunks).toEqual([
      { from: 0, to: 2 },
      { from: 2, to: 4 },
    ]);
    expect(planChunks(["y".repeat(1200), "Next."], 0, LIMITS)).toEqual([
      { from: 0, to: 1 },
      { from: 1, to: 2 },
    ]);
  });

  it("estimates where each sentence starts in the chunk's audio from its characters", () => {
    const starts = sentenceStarts(["a".repeat(96), "b".repeat(46), "c".repeat(46)]);
    expect(starts).toEqual([0, 0.5, 0.75]);
    expect([0, 0.49, 0.5, 0.74, 0.8, 1].map((share) => sentenceAt(starts, share))).toEqual([0, 0, 1, 1, 2, 2]);
    expect(sentenceStarts([])).toEqual([]);
  });
});

/** An HTMLAudioElement the test drives: it "plays" when told, and reports time and the end. */
class FakeAudio {
  src = "";
  playbackRate = 1;
  currentTime = 0;
  duration = Number.NaN;
  paused = true;
  ontimeupdate: (() => void) | null = null;
  onended: (() => void) | null = null;
  onerror: (() => void) | null = null;
  async play() {
    this.paused = false;
  }
  pause() {
    this.paused = true;
  }
  removeAttribute(name: string) {
    if (name === "src") this.src = "";
  }
  load() {}
  /** Plays the current chunk to `share` of its length (10 s). */
  progress(share: number) {
    this.duration = 10;
    this.currentTime = share * 10;
    this.ontimeupdate?.();
  }
  finish() {
    this.onended?.();
  }
}

const sentences: SpokenSentence[] = ["One bee dances.", "Two bees follow.", "Three bees fly.", "Four bees rest."].map(
  (text) => ({ text, kind: "paragraph" }),
);

/** A fetch for the listen API: answers the status, then audio per chunk (or the planned failure). */
function listenApi(options: { failChunk?: number; status?: number } = {}) {
  const audioRequests: { sentences: string[]; language: string; source: string }[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith("/listen")) {
      return Response.json({ language: "en", engine: "cloud", reason: null, voice: null, limits: LIMITS });
    }
    const body = JSON.parse(String(init?.body));
    audioRequests.push(body);
    if (audioRequests.length - 1 === options.failChunk) {
      return Response.json(
        { detail: "The cloud voice is busy: the browser's voice reads on.", fallback: "browser" },
        { status: options.status ?? 503 },
      );
    }
    return new Response(new Blob([new Uint8Array([0xff, 0xfb, 1, 2])], { type: "audio/mpeg" }), {
      headers: { "Content-Type": "audio/mpeg" },
    });
  }) as typeof globalThis.fetch;
  return { fetch, audioRequests };
}

/** Waits until `check` holds (the engine's steps are promise turns, not timers). */
async function until(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 0));
  expect(check()).toBe(true);
}

describe("the cloud engine (fake audio element and API)", () => {
  it("speaks chunk by chunk, fetching the next while one plays, with sentence events in order and the rate", async () => {
    const api = listenApi();
    const audio = new FakeAudio();
    const engine = createCloudEngine({
      articleId: 7,
      source: "summary",
      fetch: api.fetch,
      createAudio: () => audio as unknown as HTMLAudioElement,
    });
    expect(engine.name).toBe("cloud");
    expect(await engine.supports("en-US")).toBe(true);
    expect(await engine.supports("de")).toBe(false);

    const events: string[] = [];
    engine.speak({
      sentences,
      start: 0,
      lang: "en",
      rate: 1.5,
      onSentence: (i) => events.push(`sentence ${i}`),
      onEnd: () => events.push("end"),
      onError: (error) => events.push(`error ${error.name}`),
    });
    await until(() => !audio.paused && api.audioRequests.length === 2);
    // The first chunk is the first two sentences; the second was asked for while the first plays.
    expect(api.audioRequests.map((r) => r.sentences)).toEqual([
      ["One bee dances.", "Two bees follow."],
      ["Three bees fly.", "Four bees rest."],
    ]);
    expect(api.audioRequests[0]).toMatchObject({ source: "summary", language: "en" });
    expect(audio.playbackRate).toBe(1.5);
    audio.progress(0.3);
    audio.progress(0.6);
    audio.finish();
    await until(() => events.includes("sentence 2"));
    audio.progress(0.9);
    audio.finish();
    await until(() => events.includes("end"));
    expect(events).toEqual(["sentence 0", "sentence 1", "sentence 2", "sentence 3", "end"]);
  });

  it("pauses and resumes the element, and calls nothing after stop", async () => {
    const api = listenApi();
    const audio = new FakeAudio();
    const engine = createCloudEngine({
      articleId: 7,
      source: "content",
      fetch: api.fetch,
      createAudio: () => audio as unknown as HTMLAudioElement,
    });
    const events: string[] = [];
    engine.speak({
      sentences,
      start: 2,
      lang: "en",
      rate: 1,
      onSentence: (i) => events.push(`sentence ${i}`),
      onEnd: () => events.push("end"),
      onError: () => events.push("error"),
    });
    await until(() => !audio.paused);
    expect(events).toEqual(["sentence 2"]);
    engine.pause();
    expect(audio.paused).toBe(true);
    engine.resume();
    expect(audio.paused).toBe(false);
    engine.stop();
    expect(audio.src).toBe("");
    audio.progress(0.9);
    audio.finish();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(events).toEqual(["sentence 2"]);
  });

  it("reports a model failure as CloudVoiceFailed with the server's detail, so the player falls back", async () => {
    // 503 busy, 502 failed, 429 the reader's daily limit of cloud rendering used up.
    for (const status of [503, 502, 429]) {
      const api = listenApi({ failChunk: 1, status });
      const audio = new FakeAudio();
      const engine = createCloudEngine({
        articleId: 7,
        source: "content",
        fetch: api.fetch,
        createAudio: () => audio as unknown as HTMLAudioElement,
      });
      const errors: Error[] = [];
      const spoken: number[] = [];
      engine.speak({
        sentences,
        start: 0,
        lang: "en",
        rate: 1,
        onSentence: (i) => spoken.push(i),
        onEnd: () => errors.push(new Error("ended instead of failing")),
        onError: (error) => errors.push(error),
      });
      await until(() => !audio.paused);
      audio.finish();
      await until(() => errors.length > 0);
      expect(errors[0]).toBeInstanceOf(CloudVoiceFailed);
      expect(errors[0]?.name).toBe("CloudVoiceFailed");
      expect(errors[0]?.message).toMatch(/busy/);
      expect((errors[0] as CloudVoiceFailed).status).toBe(status);
      // The player resumes with the browser's voice from the sentence it had reached.
      expect(spoken).toEqual([0]);
    }
  });
});

describe("the notice when the cloud voice gives way", () => {
  it("says the daily limit is used up for a 429, a failure otherwise, and whether the device reads on", () => {
    const limit = new CloudVoiceFailed("You have used today's cloud voice.", 429);
    const busy = new CloudVoiceFailed("The cloud voice is busy.", 503);
    expect(cloudFallbackNotice(limit, true, "English")).toBe(
      "Today's cloud voice is used up: reading on with this device's voice",
    );
    expect(cloudFallbackNotice(busy, true, "English")).toBe(
      "The cloud voice failed: reading on with this device's voice",
    );
    expect(cloudFallbackNotice(new CloudVoiceFailed("offline"), false, "Spanish")).toBe(
      "The cloud voice failed, and there is no voice for Spanish on this device",
    );
    expect(cloudFallbackNotice(limit, false, "Spanish")).toBe(
      "Today's cloud voice is used up, and there is no voice for Spanish on this device",
    );
  });
});
