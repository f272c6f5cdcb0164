import type { BrowserContext, Page } from "@playwright/test";
import { expect } from "./fixtures";

// Listen (issue 36): a stub of the page's speechSynthesis whose utterances start when spoken and end only when the
// test says, and what the tests read of the player (the sentence being said, the marked sentence).

export interface SpeechLogEntry {
  event: "start" | "end" | "cancel";
  text: string;
  lang?: string;
  voice?: string | null;
  rate?: number;
}

/** Installed before the app loads in every page of the context: an English, a German and a Spanish voice. */
export function installSpeechStub(context: BrowserContext) {
  return context.addInitScript(() => {
    const voices = [
      { name: "Test English", lang: "en-US", localService: true, default: true, voiceURI: "test-en" },
      { name: "Test Deutsch", lang: "de-DE", localService: true, default: false, voiceURI: "test-de" },
      { name: "Test Español", lang: "es-ES", localService: true, default: false, voiceURI: "test-es" },
    ];
    type Handler = ((event: Event) => void) | null;
    class FakeUtterance extends EventTarget {
      text: string;
      lang = "";
      voice: { name: string } | null = null;
      rate = 1;
      pitch = 1;
      volume = 1;
      onstart: Handler = null;
      onend: Handler = null;
      onerror: Handler = null;
      constructor(text = "") {
        super();
        this.text = text;
      }
    }
    const fire = (u: FakeUtterance, type: "start" | "end" | "error", extra: object = {}) => {
      const event = Object.assign(new Event(type), extra);
      u[`on${type}`]?.(event);
    };
    const log: object[] = [];
    let queue: FakeUtterance[] = [];
    let current: FakeUtterance | null = null;
    const next = () => {
      current = queue.shift() ?? null;
      if (!current) return;
      log.push({
        event: "start",
        text: current.text,
        lang: current.lang,
        voice: current.voice?.name ?? null,
        rate: current.rate,
      });
      fire(current, "start");
    };
    const synth = Object.assign(new EventTarget(), {
      speaking: false,
      pending: false,
      paused: false,
      getVoices: () => voices,
      speak(u: FakeUtterance) {
        queue.push(u);
        if (!current) next();
      },
      cancel() {
        const was = current;
        queue = [];
        current = null;
        if (was) {
          log.push({ event: "cancel", text: was.text });
          fire(was, "error", { error: "interrupted" });
        }
      },
      pause() {},
      resume() {},
    });
    Object.defineProperty(window, "speechSynthesis", { value: synth, configurable: true });
    Object.defineProperty(window, "SpeechSynthesisUtterance", { value: FakeUtterance, configurable: true });
    Object.assign(window, {
      __speech: {
        log,
        current: () => current?.text ?? null,
        /** The voice finishes the sentence it is saying. */
        finish() {
          const u = current;
          if (!u) return false;
          current = null;
          log.push({ event: "end", text: u.text });
          fire(u, "end");
          next();
          return true;
        },
      },
    });
  });
}

export type SpeechWindow = Window & {
  __speech: { log: SpeechLogEntry[]; current(): string | null; finish(): boolean };
};

export const speaking = (page: Page) => page.evaluate(() => (window as unknown as SpeechWindow).__speech.current());
export const starts = (page: Page) =>
  page.evaluate(() => (window as unknown as SpeechWindow).__speech.log.filter((e) => e.event === "start"));
export const finishSentence = async (page: Page) => {
  const was = await speaking(page);
  expect(await page.evaluate(() => (window as unknown as SpeechWindow).__speech.finish())).toBe(true);
  // The next sentence starts after the engine's pause (up to 0.7 s after a heading).
  await expect.poll(() => speaking(page)).not.toBe(was);
};

/** The marked sentence: its text and whether it is on screen above the player bar. */
export const marked = (page: Page) =>
  page.evaluate(() => {
    const highlight = (CSS as unknown as { highlights: Map<string, Set<Range>> }).highlights.get("listening");
    const range = highlight ? [...highlight][0] : undefined;
    if (!range) return null;
    const rect = range.getBoundingClientRect();
    const bar = document.querySelector(".listen-player")?.getBoundingClientRect();
    return {
      text: range.toString().replace(/\s+/g, " ").trim(),
      inView: rect.top >= 0 && rect.bottom <= (bar?.top ?? window.innerHeight),
    };
  });
