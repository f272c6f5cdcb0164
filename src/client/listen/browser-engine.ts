import type { SpeakOptions, SpeechEngine } from "./engine";
import { PAUSE_AFTER_MS } from "./timing";
import { voiceFor } from "./voices";

/** How long to wait for the device's voice list: Chrome fills it only after a first `voiceschanged`. */
const VOICES_WAIT_MS = 2_000;

function synthesis(): SpeechSynthesis | null {
  return typeof window !== "undefined" && "speechSynthesis" in window ? window.speechSynthesis : null;
}

/** The device's voices, waiting (once, briefly) for `voiceschanged` when the list starts empty. */
async function deviceVoices(synth: SpeechSynthesis): Promise<SpeechSynthesisVoice[]> {
  const now = synth.getVoices();
  if (now.length > 0) return now;
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      synth.removeEventListener("voiceschanged", done);
      resolve(synth.getVoices());
    };
    const timer = setTimeout(done, VOICES_WAIT_MS);
    synth.addEventListener("voiceschanged", done);
  });
}

/**
 * The local engine (issue 36): the browser's Web Speech API with the device's voice for the language. One
 * utterance per sentence, so the sentence events are exact (the `boundary` event is missing for many voices) and
 * no utterance runs long enough to hit Chrome's cut-off of long utterances; the pause after a heading, a list item
 * or a quote is a wait between utterances.
 *
 * Pausing cancels the sentence and resuming says it again from its start: `speechSynthesis.pause()` does nothing
 * for some voices (Android) and resumes mid-word on others, and a listener who paused wants the sentence whole.
 */
export function createBrowserEngine(): SpeechEngine {
  /** Each speak() gets a new run; events of a cancelled run's utterances (Chrome fires them) are ignored. */
  let run = 0;
  let current: { options: SpeakOptions; index: number; voice: SpeechSynthesisVoice | null } | null = null;
  let gap: ReturnType<typeof setTimeout> | undefined;
  /** Kept so the utterance is not garbage-collected before its `end` (Chrome then never fires it). */
  let utterance: SpeechSynthesisUtterance | null = null;

  function sayFrom(index: number, myRun: number) {
    const synth = synthesis();
    if (!synth || !current || myRun !== run) return;
    const { options } = current;
    const sentence = options.sentences[index];
    if (!sentence) {
      current = null;
      options.onEnd();
      return;
    }
    current.index = index;
    const u = new SpeechSynthesisUtterance(sentence.text);
    u.lang = current.voice?.lang ?? options.lang;
    if (current.voice) u.voice = current.voice;
    u.rate = options.rate;
    u.onstart = () => {
      if (myRun === run) options.onSentence(index);
    };
    u.onend = () => {
      if (myRun !== run) return;
      if (current) current.index = index + 1;
      const wait = PAUSE_AFTER_MS[sentence.kind] / options.rate;
      gap = setTimeout(() => sayFrom(index + 1, myRun), wait);
    };
    u.onerror = (event) => {
      if (myRun !== run || event.error === "interrupted" || event.error === "canceled") return;
      current = null;
      options.onError(new Error(`The voice stopped: ${event.error}`));
    };
    utterance = u;
    synth.speak(u);
  }

  function cancel() {
    run++;
    clearTimeout(gap);
    synthesis()?.cancel();
    utterance = null;
  }

  return {
    name: "browser",
    async supports(lang) {
      const synth = synthesis();
      if (!synth) return false;
      return voiceFor(await deviceVoices(synth), lang) !== null;
    },
    speak(options) {
      cancel();
      const synth = synthesis();
      if (!synth) {
        options.onError(new Error("This browser cannot speak"));
        return;
      }
      const myRun = run;
      current = { options, index: options.start, voice: null };
      void deviceVoices(synth).then((voices) => {
        if (myRun !== run || !current) return;
        current.voice = voiceFor(voices, options.lang);
        sayFrom(options.start, myRun);
      });
    },
    pause() {
      const held = current;
      cancel();
      current = held;
    },
    resume() {
      if (current && !utterance) sayFrom(current.index, run);
    },
    stop() {
      cancel();
      current = null;
    },
  };
}
