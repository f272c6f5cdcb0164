import {
  AI_FAILURES,
  fakeSpeechBytes,
  isSpeechModel,
  MAX_SPEECH_CHARS,
  renderFakeSpeech,
  type SpeechFailure,
  type SpeechLatency,
} from "../../../src/worker/adapters/local/fake-speech-model";
import { createLocalEmbedder } from "../../../src/worker/adapters/local/local-embedder";

/**
 * A fake of the Workers AI binding (`env.AI`) that behaves like the platform where it hurts:
 * - the text model reasons before answering unless `chat_template_kwargs.enable_thinking` is false, and its
 *   reasoning counts against `max_tokens` (Workers AI's default: 256), so the answer comes back empty with
 *   `finish_reason: "length"`, as `@cf/zai-org/glm-4.7-flash` does;
 * - 429s (300 requests a minute), capacity errors and timeouts on demand, thrown as the binding throws them;
 * - `@cf/baai/bge-m3` refuses more than 100 texts per call.
 * Answers are written from the prompt: summaries from the article's own sentences (so in its language),
 * topic labels from the distinctive words, match explanations as a JSON array.
 *
 * Text-to-speech (Listen, issue 36) is the fake in src/worker/adapters/local/fake-speech-model.ts (the local server
 * renders with it under LISTEN_FAKE_SPEECH): Aura-2 and MeloTTS checked as the models check their input, playable
 * MP3 after a planned latency, so a benchmark measures time to first audio and a cached replay is comparable.
 */
export type AiFailure = SpeechFailure;
export type { SpeechLatency };
export { fakeSpeechBytes, MAX_SPEECH_CHARS };

const FAILURES = AI_FAILURES;

export const MAX_EMBEDDING_TEXTS = 100;

const DEFAULT_MAX_TOKENS = 256;
/** Tokens the model thinks before answering when thinking is on: more than any summary's budget. */
const REASONING_TOKENS = 1_200;

interface ChatMessage {
  role: string;
  content: string;
}

export interface AiCall {
  model: string;
  inputs: Record<string, any>;
}

export interface WorkersAiFakeOptions {
  /** Dimensions of the embeddings (bge-m3: 1024). */
  dimensions?: number;
}

const tokens = (text: string) => Math.ceil(text.length / 4);

/** Sentences of the article part of a prompt (everything after the first line, the title). */
function sentences(prompt: string): string[] {
  const body = prompt.split("\n").slice(1).join("\n");
  return body
    .split(/(?<=[.!?。！？])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 20 && !/:$/.test(s));
}

function answer(system: string, prompt: string): string {
  if (/numbered sources/.test(system)) {
    // A chat answer: the first source's first sentence, cited; then what a model may add beyond its sources (a
    // citation of a source that does not exist, a claim citing nothing), which the adapter must drop.
    const first = /^\[1\] .*\n(.*)$/m.exec(prompt)?.[1] ?? "";
    const sentence = (first.split(/(?<=[.!?])\s+/)[0] ?? "").replace(/[.!?]$/, "");
    if (!sentence) return "NOTHING";
    return `${sentence} [1]. The moon is made of cheese [9]. Everyone knows that.`;
  }
  if (/JSON array/.test(system)) {
    const titles = [...prompt.matchAll(/^\d+\. (.*)$/gm)].map((m) => m[1]);
    return JSON.stringify(titles.map((title) => `The model says "${title}" answers the question.`));
  }
  if (/name topics/.test(system)) {
    const words = (/Distinctive words: (.*)/.exec(prompt)?.[1] ?? "").split(", ").filter(Boolean);
    const [first = "Misc", second = "more"] = words;
    return `${first[0]?.toUpperCase()}${first.slice(1)} and ${second}`;
  }
  const found = sentences(prompt);
  const [gist = "Nothing to say", ...rest] = found;
  return [`**${gist}**`, "", ...rest.slice(0, 3).map((s) => `- ${s}`)].join("\n");
}

export function createWorkersAiFake(options: WorkersAiFakeOptions = {}) {
  const embedder = createLocalEmbedder(options.dimensions ?? 1024);
  const calls: AiCall[] = [];
  let speechLatency: SpeechLatency = { firstByteMs: 0, partMs: 0 };
  /** Planned failures of the next calls, one each. */
  const failures: AiFailure[] = [];
  /**
   * Planned outcomes of the next calls whose inputs mention a text (an article's title): a call about anything
   * else (a topics run another test asked for, still labelling) passes them by and cannot take a failure meant
   * for this article.
   */
  const failuresAbout: { about: string; plan: (AiFailure | null)[] }[] = [];

  /** The planned outcome of a call: its article's plan first, then the plan of every call; undefined: none. */
  function plannedOutcome(inputs: Record<string, any>): AiFailure | null | undefined {
    if (failuresAbout.length > 0) {
      const text = JSON.stringify(inputs);
      const entry = failuresAbout.find((candidate) => text.includes(candidate.about));
      if (entry) {
        const outcome = entry.plan.shift();
        if (entry.plan.length === 0) failuresAbout.splice(failuresAbout.indexOf(entry), 1);
        return outcome ?? null;
      }
    }
    return failures.shift();
  }

  function chat(model: string, inputs: Record<string, any>) {
    const messages = (inputs.messages ?? []) as ChatMessage[];
    const system = messages.find((m) => m.role === "system")?.content ?? "";
    const prompt = messages.filter((m) => m.role === "user").at(-1)?.content ?? "";
    const maxTokens: number = inputs.max_tokens ?? inputs.max_completion_tokens ?? DEFAULT_MAX_TOKENS;
    const thinking = inputs.chat_template_kwargs?.enable_thinking !== false;
    const reasoningTokens = thinking ? REASONING_TOKENS : 0;
    const text = answer(system, prompt);
    const room = Math.max(0, maxTokens - reasoningTokens);
    const cut = tokens(text) > room;
    const content = cut ? text.slice(0, room * 4) : text;
    return {
      id: `chatcmpl-${calls.length}`,
      object: "chat.completion",
      model,
      choices: [
        {
          index: 0,
          message: {
            role: "assistant",
            content: content || null,
            ...(thinking
              ? { reasoning_content: "The user wants a summary. Let me read the article first...".repeat(20) }
              : {}),
          },
          finish_reason: cut ? "length" : "stop",
        },
      ],
      usage: {
        prompt_tokens: tokens(system + prompt),
        completion_tokens: Math.min(maxTokens, reasoningTokens + tokens(content)),
        total_tokens: tokens(system + prompt) + Math.min(maxTokens, reasoningTokens + tokens(content)),
      },
    };
  }

  async function embed(texts: string[]) {
    if (texts.length > MAX_EMBEDDING_TEXTS) {
      throw new Error(`5006: Too many inputs: ${texts.length} texts, at most ${MAX_EMBEDDING_TEXTS} per request`);
    }
    const data = await embedder.embed(texts);
    return { shape: [data.length, embedder.dimensions], data, pooling: "cls" };
  }

  return {
    calls,
    /** The latency of the speech models' audio from now on. */
    setSpeechLatency(latency: SpeechLatency) {
      speechLatency = latency;
    },
    /** The next calls fail, one failure each, in order. */
    failNext(...kinds: AiFailure[]) {
      failures.push(...kinds);
    },
    /** After `answered` more normal answers to calls that mention `about`, those calls fail with these. */
    failAfterAbout(about: string, answered: number, ...kinds: AiFailure[]) {
      failuresAbout.push({ about, plan: [...Array.from({ length: answered }, () => null), ...kinds] });
    },
    /** Every call fails with this until `recover()`. */
    failAlways(kind: AiFailure) {
      failures.length = 0;
      for (let i = 0; i < 10_000; i++) failures.push(kind);
    },
    recover() {
      failures.length = 0;
      failuresAbout.length = 0;
    },
    async run(model: string, inputs: Record<string, any>, options?: { returnRawResponse?: boolean }): Promise<unknown> {
      calls.push({ model, inputs });
      const failure = plannedOutcome(inputs);
      if (failure) throw new Error(FAILURES[failure]);
      if (isSpeechModel(model)) return renderFakeSpeech(model, inputs, options, speechLatency);
      if (model.startsWith("@cf/deepgram/")) throw new Error(`5007: No such model ${model}`);
      if (inputs.text !== undefined) return embed(Array.isArray(inputs.text) ? inputs.text : [inputs.text]);
      return chat(model, inputs);
    },
  };
}
export type WorkersAiFake = ReturnType<typeof createWorkersAiFake>;
