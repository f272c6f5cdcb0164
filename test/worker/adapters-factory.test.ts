import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createAdapters } from "../../src/worker/adapters/factory";
import { getConfig } from "../../src/worker/config";
import { createDatabase } from "../../src/worker/db/client";

const db = () => createDatabase(env.DB);

describe("adapter factory", () => {
  it("uses the embedded local adapters in development", () => {
    const adapters = createAdapters(getConfig(env), env, db());
    expect(adapters.languageModel.name).toBe("local-extractive");
    expect(adapters.embedder.name).toBe("local-glove-hashing-v3");
    expect(adapters.embedder.dimensions).toBe(1024);
    expect(adapters.vectorIndex.name).toBe("local-d1");
    expect(adapters.pageRenderer.name).toBe("browser-rendering");
    expect(adapters.speech).toMatchObject({ name: "local-browser-voice", engine: "browser" });
    expect(adapters.speech.voiceFor("en")).toBeNull();
    expect(adapters.audioCache.name).toBe("r2");
  });

  it("uses Workers AI and Vectorize when configured for Cloudflare", () => {
    const cloudEnv = { ...env, AI_PROVIDER: "cloudflare" } as Env;
    const fakeAi = {} as Ai;
    const fakeVectorize = {} as VectorizeIndex;
    const adapters = createAdapters(getConfig(cloudEnv), { ...env, AI: fakeAi, VECTORIZE: fakeVectorize }, db());
    expect(adapters.languageModel.name).toBe("workers-ai:@cf/zai-org/glm-4.7-flash");
    expect(adapters.embedder.name).toBe("workers-ai:@cf/baai/bge-m3");
    expect(adapters.vectorIndex.name).toBe("cloudflare-vectorize");
    expect(adapters.speech.engine).toBe("cloud");
    expect(adapters.speech.voiceFor("en-GB")).toEqual({
      model: "@cf/deepgram/aura-2-en",
      speaker: "luna",
      language: "en",
    });
    expect(adapters.speech.voiceFor("es")?.model).toBe("@cf/deepgram/aura-2-es");
    // No Workers AI model speaks German reliably: the browser's voice reads it (docs/ai.md).
    expect(adapters.speech.voiceFor("de")).toBeNull();
  });

  it("renders the LISTEN_FAKE_SPEECH languages with the fake speech model in development, and only there", async () => {
    const withFake = (value: string, environment = "development") =>
      ({ ...env, LISTEN_FAKE_SPEECH: value, ENVIRONMENT: environment, JWT_SECRET: "s".repeat(40) }) as unknown as Env;
    expect(getConfig(env).listenFakeSpeech).toEqual([]);
    const adapters = createAdapters(getConfig(withFake("es")), env, db());
    expect(adapters.speech).toMatchObject({ name: "local-fake-speech:es", engine: "cloud" });
    expect(adapters.speech.voiceFor("es-MX")?.model).toBe("@cf/deepgram/aura-2-es");
    // The languages not listed stay the browser's.
    expect(adapters.speech.voiceFor("en")).toBeNull();
    const voice = adapters.speech.voiceFor("es");
    if (!voice) throw new Error("no Spanish voice");
    const audio = await adapters.speech.synthesize("Las abejas bailan.", voice);
    expect(audio.contentType).toBe("audio/mpeg");
    const bytes = new Uint8Array(await new Response(audio.body).arrayBuffer());
    // MP3 frames: MPEG-1 Layer III, 48 kbit/s, 48 kHz, mono; about 400 bytes per character.
    expect([...bytes.slice(0, 4)]).toEqual([0xff, 0xfb, 0x34, 0xc0]);
    expect(bytes.length).toBe(Math.ceil((18 * 400) / 144) * 144);
    expect(getConfig(withFake("en,es")).listenFakeSpeech).toEqual(["en", "es"]);
    expect(() => getConfig(withFake("de"))).toThrow(/LISTEN_FAKE_SPEECH/);
    expect(() => getConfig(withFake("es", "staging"))).toThrow(/development only/);
  });

  it("refuses Cloudflare mode without its bindings instead of silently falling back", () => {
    const cloudEnv = { ...env, AI_PROVIDER: "cloudflare" } as Env;
    expect(() =>
      createAdapters(getConfig(cloudEnv), { BROWSER: env.BROWSER, AUDIO_CACHE: env.AUDIO_CACHE }, db()),
    ).toThrow(/AI or VECTORIZE/);
  });

  it("refuses to run outside development without a JWT secret", () => {
    expect(() => getConfig({ ...env, ENVIRONMENT: "production" } as Env)).toThrow(/JWT_SECRET/);
    const config = getConfig({ ...env, ENVIRONMENT: "production", JWT_SECRET: "s".repeat(40) } as Env);
    expect(config.environment).toBe("production");
  });

  it("reads the topics debounce, within what a TopicsWorkflow accepts", () => {
    // wrangler types makes each var a literal type; other values stand for a `--var` override.
    const withDebounce = (seconds: string) => ({ ...env, TOPICS_DEBOUNCE_SECONDS: seconds }) as unknown as Env;
    expect(getConfig(env).topicsDebounceSeconds).toBe(45);
    expect(getConfig(withDebounce("600")).topicsDebounceSeconds).toBe(600);
    expect(() => getConfig(withDebounce("601"))).toThrow(/TOPICS_DEBOUNCE_SECONDS/);
  });
});
