import { fromRange } from "dom-anchor-text-position";
import { type RefObject, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { languageName } from "../lib/languages";
import { caretAt, firstVisibleOffset } from "../lib/reading-anchor";
import { createBrowserEngine } from "./browser-engine";
import { cloudFallbackNotice } from "./cloud-engine";
import type { SpeechEngine } from "./engine";
import { clearMark, keepInView, markSentence } from "./mark";
import { clearNowPlaying, type NowPlaying, setPlaybackState, showNowPlaying } from "./media-session";
import { pageSentences, rangeOf } from "./page-script";
import { pickEngine } from "./pick-engine";
import { type ListeningSentence, sentenceAt } from "./script";
import { RATES, secondsBefore, sentenceAfterSeconds, totalSeconds } from "./timing";

export type ListenSource = "content" | "summary";
export type ListenPhase = "preparing" | "playing" | "paused" | "ended" | "no-voice" | "error";
/** Off, stop after so many minutes, or stop at the end of the paragraph being read. */
export type SleepSetting = "off" | "paragraph" | number;

const CONTAINERS: Record<ListenSource, string> = { content: ".viewer-content", summary: ".viewer-summary" };
const RATE_KEY = "listen-rate";
const SKIP_SECONDS = 30;

interface Session {
  source: ListenSource;
  sentences: ListeningSentence[];
  lang: string;
  engine: SpeechEngine | null;
}

function storedRate(): number {
  const value = Number(globalThis.localStorage?.getItem(RATE_KEY));
  return (RATES as readonly number[]).includes(value) ? value : 1;
}

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) || !!target.closest("[role='menu']"))
  );
}

const SCROLL_KEYS = new Set(["PageUp", "PageDown", "ArrowUp", "ArrowDown", "Home", "End", " "]);

/**
 * Listen (issue 36): the article's content or its summary read aloud sentence by sentence by the first engine that
 * speaks its language, the sentence marked and kept in view, the reading position following the voice.
 */
export function useListening({
  root,
  language,
  readingPosition,
  nowPlaying,
  engines,
  onListened,
}: {
  root: RefObject<HTMLElement | null>;
  /** The text's language (BCP 47); null when unknown, then the device's. */
  language: string | null;
  /** The saved reading position (a content text offset), to resume at the very sentence listening last reached. */
  readingPosition: number | null | undefined;
  nowPlaying: NowPlaying;
  /** The engines for the content or the summary, in order of preference (engines.ts). */
  engines: (source: ListenSource) => SpeechEngine[];
  /** The content's sentence now being read (its text offset), null when listening stops; feeds the reading position. */
  onListened: (offset: number | null, atEnd?: boolean) => void;
}) {
  const [session, setSession] = useState<Session | null>(null);
  const [phase, setPhase] = useState<ListenPhase>("preparing");
  const [index, setIndex] = useState(0);
  const [rate, setRate] = useState(storedRate);
  const [following, setFollowing] = useState(true);
  const [sleep, setSleep] = useState<SleepSetting>("off");
  const [message, setMessage] = useState("");
  const [sentenceStartedAt, setSentenceStartedAt] = useState(0);
  const engineList = useRef(engines);
  engineList.current = engines;

  // Engine callbacks and media keys arrive outside React's render: they read the latest state here.
  const live = useRef({ session, phase, index, rate, following, sleep });
  live.current = { session, phase, index, rate, following, sleep };
  const sleepBlock = useRef<number | null>(null);
  const run = useRef(0);
  const listened = useRef(onListened);
  listened.current = onListened;
  const saved = useRef(readingPosition);
  saved.current = readingPosition;

  const container = useCallback(
    (source: ListenSource) => root.current?.querySelector(CONTAINERS[source]) ?? null,
    [root],
  );

  const playFrom = useCallback((start: number, atRate = live.current.rate) => {
    const current = live.current.session;
    if (!current?.engine) return;
    const myRun = ++run.current;
    setIndex(start);
    setPhase("playing");
    setMessage("");
    current.engine.speak({
      sentences: current.sentences,
      start,
      lang: current.lang,
      rate: atRate,
      onSentence: (n) => {
        if (myRun !== run.current) return;
        const block = current.sentences[n]?.block;
        if (live.current.sleep === "paragraph" && sleepBlock.current !== null && block !== sleepBlock.current) {
          // The paragraph the sleep timer waited for is over: stop before the next one.
          current.engine?.pause();
          sleepBlock.current = null;
          setSleep("off");
          setPhase("paused");
          setMessage("Stopped at the end of the paragraph");
        }
        setIndex(n);
        setSentenceStartedAt(performance.now());
      },
      onEnd: () => {
        if (myRun !== run.current) return;
        setIndex(current.sentences.length - 1);
        setPhase("ended");
        if (current.source === "content") {
          const last = current.sentences[current.sentences.length - 1];
          if (last) listened.current(last.start, true);
        }
      },
      onError: (error) => {
        if (myRun !== run.current) return;
        if (error.name === "CloudVoiceFailed") {
          // The cloud voice failed (model busy or down, network) or the reader's daily limit is used up (429):
          // read on from the same sentence with the device's voice and say so, rather than leave a dead player.
          const browser = createBrowserEngine();
          void browser.supports(current.lang).then((able) => {
            if (myRun !== run.current) return;
            if (!able) {
              setPhase("error");
              setMessage(cloudFallbackNotice(error, false, languageName(current.lang)));
              return;
            }
            const onDevice = { ...current, engine: browser };
            live.current.session = onDevice;
            setSession(onDevice);
            playFrom(live.current.index);
            setMessage(cloudFallbackNotice(error, true, languageName(current.lang)));
          });
          return;
        }
        setPhase("error");
        setMessage(error.message);
      },
    });
  }, []);

  const start = useCallback(
    async (source: ListenSource, fromOffset?: number) => {
      const element = container(source);
      if (!element) return;
      live.current.session?.engine?.stop();
      const myRun = ++run.current;
      const lang = language || navigator.language || "en";
      const sentences = pageSentences(element, lang);
      const offset = fromOffset ?? (source === "content" ? startingOffset(element, sentences, saved.current) : 0);
      const first = sentenceAt(sentences, offset);
      const preparing: Session = { source, sentences, lang, engine: null };
      live.current.session = preparing;
      setSession(preparing);
      setPhase("preparing");
      setIndex(first);
      setFollowing(true);
      setMessage("Finding a voice...");
      if (sentences.length === 0) {
        setPhase("error");
        setMessage("There is nothing to read aloud here.");
        return;
      }
      const engine = await pickEngine(lang, engineList.current(source));
      if (myRun !== run.current) return;
      if (!engine) {
        setPhase("no-voice");
        setMessage(`No voice for ${languageName(lang)} on this device`);
        return;
      }
      const ready = { ...preparing, engine };
      live.current.session = ready;
      setSession(ready);
      playFrom(first);
    },
    [container, language, playFrom],
  );

  const pause = useCallback(() => {
    const { session: current, phase: now } = live.current;
    if (!current?.engine || now !== "playing") return;
    current.engine.pause();
    setPhase("paused");
  }, []);

  /** After a move while paused, play must start a new run at the index rather than resume the old one. */
  const resumeFromIndex = useRef(false);

  const play = useCallback(() => {
    const { session: current, phase: now, index: at } = live.current;
    if (!current?.engine) return;
    if (now === "paused" && resumeFromIndex.current) {
      resumeFromIndex.current = false;
      playFrom(at);
    } else if (now === "paused") {
      current.engine.resume();
      setPhase("playing");
    } else if (now === "ended") playFrom(0);
    else if (now === "error") playFrom(at);
  }, [playFrom]);

  /** Moves to sentence `to`: speaking on from it when playing, ready there when paused. */
  const goTo = useCallback(
    (to: number) => {
      const { session: current, phase: now } = live.current;
      if (!current?.engine) return;
      const target = Math.min(Math.max(0, to), current.sentences.length - 1);
      setFollowing(true);
      if (now === "playing") playFrom(target);
      else {
        // Paused (or finished): the engine starts from here when play is pressed.
        current.engine.stop();
        run.current++;
        setIndex(target);
        setPhase("paused");
        resumeFromIndex.current = true;
      }
    },
    [playFrom],
  );

  const skipSeconds = useCallback(
    (delta: number) => {
      const { session: current, index: at, rate: r } = live.current;
      if (current) goTo(sentenceAfterSeconds(current.sentences, at, delta, r));
    },
    [goTo],
  );

  const controls = useMemo(
    () => ({
      play,
      pause,
      toggle: () => (live.current.phase === "playing" ? pause() : play()),
      previousSentence: () => goTo(live.current.index - 1),
      nextSentence: () => goTo(live.current.index + 1),
      back30: () => skipSeconds(-SKIP_SECONDS),
      forward30: () => skipSeconds(SKIP_SECONDS),
    }),
    [play, pause, goTo, skipSeconds],
  );

  const changeRate = useCallback(
    (next: number) => {
      setRate(next);
      globalThis.localStorage?.setItem(RATE_KEY, String(next));
      // A voice's rate is fixed per utterance: the sentence starts again at the new speed.
      if (live.current.phase === "playing") playFrom(live.current.index, next);
    },
    [playFrom],
  );

  const close = useCallback(() => {
    run.current++;
    live.current.session?.engine?.stop();
    if (live.current.session?.source === "content") listened.current(null);
    live.current.session = null;
    setSession(null);
    setSleep("off");
    clearMark();
    clearNowPlaying();
  }, []);

  // Leaving the viewer stops the voice.
  useEffect(() => () => close(), [close]);

  // The sentence being read: marked, kept in view, and (for the content) the reading position.
  const sentence = session?.sentences[index] ?? null;
  useEffect(() => {
    if (!session || !sentence) return;
    // Nothing is marked for a text no voice will read.
    if (phase === "no-voice" || phase === "error") {
      clearMark();
      return;
    }
    const element = container(session.source);
    const range = element ? rangeOf(element, sentence) : null;
    markSentence(range);
    if (range && following) keepInView(range);
    if (session.source === "content" && phase !== "preparing") {
      listened.current(sentence.start);
    }
  }, [session, sentence, following, phase, container]);

  // The page redraws (highlights drawn again, the summary re-rendered): the mark is put back on the same words.
  useEffect(() => {
    const element = root.current;
    if (!session || !element) return;
    let frame = 0;
    const observer = new MutationObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const at = live.current;
        if (at.phase === "no-voice" || at.phase === "error") return;
        const now = at.session?.sentences[at.index];
        const holder = at.session ? container(at.session.source) : null;
        if (now && holder) markSentence(rangeOf(holder, now));
      });
    });
    observer.observe(element, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [session, root, container]);

  // Scrolling by hand lets the reader look elsewhere: the follow-along pauses until "Back to the voice".
  useEffect(() => {
    if (!session) return;
    const stopFollowing = () => {
      if (live.current.following) setFollowing(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (
        SCROLL_KEYS.has(event.key) &&
        !isTyping(event.target) &&
        !(event.target as Element)?.closest?.(".listen-player")
      ) {
        stopFollowing();
      }
    };
    window.addEventListener("wheel", stopFollowing, { passive: true });
    window.addEventListener("touchmove", stopFollowing, { passive: true });
    window.addEventListener("keydown", onKey);
    return () => {
      window.removeEventListener("wheel", stopFollowing);
      window.removeEventListener("touchmove", stopFollowing);
      window.removeEventListener("keydown", onKey);
    };
  }, [session]);

  // A tap on a sentence while the player is open reads from there (not a link, a highlight, or a selection).
  useEffect(() => {
    if (!session?.engine) return;
    const element = container(session.source);
    if (!(element instanceof HTMLElement)) return;
    const onClick = (event: MouseEvent) => {
      const target = event.target as Element;
      if (target.closest("a, button, [role='button'], input, textarea")) return;
      if (!(window.getSelection()?.isCollapsed ?? true)) return;
      const caret = caretAt(event.clientX, event.clientY);
      if (!caret || !element.contains(caret.startContainer)) return;
      const offset = fromRange(element, caret).start;
      const current = live.current.session;
      if (!current) return;
      setFollowing(true);
      playFrom(sentenceAt(current.sentences, offset));
    };
    element.addEventListener("click", onClick);
    return () => element.removeEventListener("click", onClick);
  }, [session, container, playFrom]);

  // The sleep timer: stop after so many minutes, or at the end of the paragraph being read.
  useEffect(() => {
    if (sleep === "paragraph") {
      sleepBlock.current = live.current.session?.sentences[live.current.index]?.block ?? null;
      return;
    }
    sleepBlock.current = null;
    if (sleep === "off") return;
    const timer = setTimeout(() => {
      live.current.session?.engine?.pause();
      setPhase((now) => (now === "playing" ? "paused" : now));
      setSleep("off");
      setMessage("Stopped by the sleep timer");
    }, sleep * 60_000);
    return () => clearTimeout(timer);
  }, [sleep]);

  // The lock screen and headset buttons.
  const hasEngine = Boolean(session?.engine);
  useEffect(() => {
    if (!hasEngine) return;
    showNowPlaying(nowPlaying, { ...controls, stop: close });
  }, [hasEngine, nowPlaying, controls, close]);
  const total = session ? totalSeconds(session.sentences, rate) : 0;
  const elapsedAtSentence = session ? secondsBefore(session.sentences, index, rate) : 0;
  useEffect(() => {
    if (!hasEngine) return;
    setPlaybackState(phase === "playing" ? "playing" : "paused", { elapsed: elapsedAtSentence, total, rate });
  }, [hasEngine, phase, elapsedAtSentence, total, rate]);

  // Keyboard: K play/pause, J and L 30 s back and forward, comma and full stop a sentence back and forward.
  useEffect(() => {
    if (!session?.engine) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      const action = {
        k: controls.toggle,
        j: controls.back30,
        l: controls.forward30,
        ",": controls.previousSentence,
        ".": controls.nextSentence,
      }[event.key.toLowerCase()];
      if (!action) return;
      event.preventDefault();
      action();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [session, controls]);

  return {
    open: session !== null,
    source: session?.source ?? null,
    phase,
    message,
    index,
    count: session?.sentences.length ?? 0,
    sentence,
    rate,
    following,
    sleep,
    total,
    elapsedAtSentence,
    sentenceStartedAt,
    start,
    controls,
    changeRate,
    setSleep,
    close,
    backToVoice: () => setFollowing(true),
  };
}

export type Listening = ReturnType<typeof useListening>;

/**
 * Where Listen starts in the content: from the reading position. When the reader is in the text, that is the first
 * line on screen, or the saved position if it is on screen too (a line's first words may belong to the sentence
 * before the one listening reached, which the saved offset names). When the top of the content is on screen (the
 * reader went up to the Listen button), it is the saved position, wherever it is.
 */
function startingOffset(element: Element, sentences: ListeningSentence[], position: number | null | undefined): number {
  const visible = firstVisibleOffset(element);
  if (position == null || position <= 0) return visible;
  if (visible === 0) return position;
  if (position < visible) return visible;
  const sentence = sentences[sentenceAt(sentences, position)];
  const rect = sentence ? rangeOf(element, sentence)?.getBoundingClientRect() : undefined;
  return rect && rect.top < window.innerHeight && rect.bottom > 0 ? position : visible;
}
