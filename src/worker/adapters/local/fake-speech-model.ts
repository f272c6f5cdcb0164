/**
 * The faithful fake of Workers AI's text-to-speech models (Listen, issue 36), as their schemas and reports say
 * (docs/ai.md#text-to-speech-models): Deepgram Aura-2 (`@cf/deepgram/aura-2-en`, `-es`) takes `text` (at most
 * 1,000 characters) and one of its own speakers, and answers MP3, streamed: asked with `returnRawResponse` an HTTP
 * response (`audio/mpeg`), otherwise a ReadableStream. MeloTTS takes `prompt` and `lang` and fails with
 * `8002: Invalid input` for any language but English. The audio comes after a planned latency (first bytes, then
 * the rest in parts); 429s, capacity errors and timeouts are planned per text, thrown as the binding throws them.
 *
 * The tests' Workers AI fake (test/worker/fakes/workers-ai-fake.ts) speaks through this, and with LISTEN_FAKE_SPEECH
 * (development only, docs/configuration.md) the local server renders speech with it, so a browser plays the cloud
 * voice end to end without an account. The audio is real MP3 a browser plays: silent frames (MPEG-1 Layer III,
 * 48 kbit/s, 48 kHz, mono), about 15 characters of text a second as a voice reads, carrying bytes of the text in
 * each frame's ancillary data, so the same text is the same audio and a cached replay is comparable.
 */
export type SpeechFailure = "rate-limit" | "capacity" | "timeout";

/** The errors as the binding throws them: `<code>: <message>` (codes 3036/3040 map to 429, 3007 to 408). */
export const AI_FAILURES: Record<SpeechFailure, string> = {
  "rate-limit": "3036: Rate limited: more than 300 requests per minute for this model",
  capacity: "3040: Capacity temporarily exceeded, please try again.",
  timeout: "3007: Request timeout",
};

/** Deepgram Aura-2 reads at most 1,000 characters a request. */
export const MAX_SPEECH_CHARS = 1000;
/** The speakers of each Aura-2 model (the models' input schemas). */
export const AURA_SPEAKERS: Record<string, string[]> = {
  "@cf/deepgram/aura-2-en": ["luna", "thalia", "asteria", "athena", "helena", "orion", "zeus", "apollo", "hera"],
  "@cf/deepgram/aura-2-es": ["aquila", "sirio", "nestor", "carina", "celeste", "alvaro", "diana", "selena"],
};
export const MELOTTS = "@cf/myshell-ai/melotts";
const INVALID_INPUT = "8002: Invalid input";

/**
 * One MP3 frame: MPEG-1 Layer III, 48 kbit/s, 48 kHz, no padding, mono (header FF FB 34 C0), 144 bytes, 1,152
 * samples (24 ms). Its 17 bytes of side information are zero (no main data: silence); the rest is ancillary data.
 */
const FRAME_BYTES = 144;
const FRAME_HEADER = [0xff, 0xfb, 0x34, 0xc0];
const SIDE_INFO_BYTES = 17;
/** 48 kbit/s at about 15 characters a second: 400 bytes of audio per character. */
const SPEECH_BYTES_PER_CHAR = 400;

/** When the audio of a call arrives: the first bytes after `firstByteMs`, then a part per further 100 characters. */
export interface SpeechLatency {
  firstByteMs: number;
  partMs: number;
}

const wait = (ms: number) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

/** The fake MP3 of `text`: silent frames, about 400 bytes (27 ms) per character, their ancillary bytes from the text. */
export function fakeSpeechBytes(text: string): Uint8Array {
  const frames = Math.ceil((Math.max(1, text.length) * SPEECH_BYTES_PER_CHAR) / FRAME_BYTES);
  const bytes = new Uint8Array(frames * FRAME_BYTES);
  let seed = 2166136261;
  for (const char of text) seed = Math.imul(seed ^ char.charCodeAt(0), 16777619) >>> 0;
  for (let frame = 0; frame < frames; frame++) {
    const start = frame * FRAME_BYTES;
    bytes.set(FRAME_HEADER, start);
    for (let i = start + FRAME_HEADER.length + SIDE_INFO_BYTES; i < start + FRAME_BYTES; i++) {
      seed = Math.imul(seed ^ i, 16777619) >>> 0;
      bytes[i] = seed & 0xff;
    }
  }
  return bytes;
}

/** The audio as a stream that delivers its parts on the planned latency. */
function speechStream(bytes: Uint8Array, textLength: number, latency: SpeechLatency): ReadableStream<Uint8Array> {
  const parts = Math.max(1, Math.ceil(textLength / 100));
  const size = Math.ceil(bytes.length / parts);
  let part = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      await wait(part === 0 ? latency.firstByteMs : latency.partMs);
      controller.enqueue(bytes.slice(part * size, (part + 1) * size));
      part += 1;
      if (part * size >= bytes.length) controller.close();
    },
  });
}

/** Whether `model` is one of the text-to-speech models this fake speaks for. */
export function isSpeechModel(model: string): boolean {
  return model in AURA_SPEAKERS || model === MELOTTS;
}

/** A text-to-speech call, checked as the model checks its input; the audio on `latency`. */
export function renderFakeSpeech(
  model: string,
  inputs: Record<string, unknown>,
  options: { returnRawResponse?: boolean } | undefined,
  latency: SpeechLatency,
): Response | ReadableStream<Uint8Array> {
  let text: unknown;
  if (model === MELOTTS) {
    // Reported on the platform: any `lang` but English is refused (cloudflare/cloudflare-docs#23308).
    if ((inputs.lang ?? "en") !== "en") throw new Error(`${INVALID_INPUT}: lang`);
    text = inputs.prompt;
  } else {
    const speakers = AURA_SPEAKERS[model] ?? [];
    if (inputs.speaker !== undefined && !speakers.includes(String(inputs.speaker))) {
      throw new Error(`${INVALID_INPUT}: speaker must be one of ${speakers.join(", ")}`);
    }
    if (inputs.encoding !== undefined && inputs.encoding !== "mp3") {
      throw new Error(`${INVALID_INPUT}: the fake renders only mp3`);
    }
    text = inputs.text;
  }
  if (typeof text !== "string" || text.trim().length === 0) throw new Error(`${INVALID_INPUT}: text is required`);
  if (text.length > MAX_SPEECH_CHARS) {
    throw new Error(`${INVALID_INPUT}: text is ${text.length} characters, at most ${MAX_SPEECH_CHARS}`);
  }
  const body = speechStream(fakeSpeechBytes(text), text.length, latency);
  if (options?.returnRawResponse) return new Response(body, { headers: { "Content-Type": "audio/mpeg" } });
  return body;
}

/**
 * The speech models alone, as an `AI` binding for the local server (LISTEN_FAKE_SPEECH): the latency of
 * `npm run bench:listen` (first bytes after 300 ms, then 150 ms per 100 characters), and failures planned for the
 * next calls whose text mentions a phrase (`failAbout`), so a test makes the model fail for its own article only.
 */
export function createFakeSpeechModel(latency: SpeechLatency = { firstByteMs: 300, partMs: 150 }) {
  const planned: { about: string; failure: SpeechFailure }[] = [];
  return {
    /** The next call whose inputs mention `about` fails with `failure` (once per call to this). */
    failAbout(about: string, failure: SpeechFailure) {
      planned.push({ about, failure });
    },
    async run(model: string, inputs: Record<string, unknown>, options?: { returnRawResponse?: boolean }) {
      const text = JSON.stringify(inputs);
      const plan = planned.findIndex((entry) => text.includes(entry.about));
      if (plan >= 0) {
        const [entry] = planned.splice(plan, 1);
        throw new Error(AI_FAILURES[entry?.failure ?? "capacity"]);
      }
      if (!isSpeechModel(model)) throw new Error(`5007: No such model ${model} (this fake speaks only)`);
      return renderFakeSpeech(model, inputs, options, latency);
    },
  };
}
export type FakeSpeechModel = ReturnType<typeof createFakeSpeechModel>;
