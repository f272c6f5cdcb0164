import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  clearNowPlaying,
  type MediaControls,
  setPlaybackState,
  showNowPlaying,
} from "../../src/client/listen/media-session";

/**
 * Listen (issue 36): the lock screen and headset buttons through the Media Session API. The browser's API is a fake
 * here that keeps what the page set and checks its arguments as the spec (w3c/mediasession) says: an action the
 * browser does not support throws a TypeError from setActionHandler, and setPositionState throws a TypeError for a
 * negative duration, a position past the duration or a zero rate.
 */
class FakeMediaMetadata {
  title: string;
  artist: string;
  album: string;
  artwork: { src: string; sizes?: string; type?: string }[];
  constructor(init: { title?: string; artist?: string; album?: string; artwork?: FakeMediaMetadata["artwork"] }) {
    this.title = init.title ?? "";
    this.artist = init.artist ?? "";
    this.album = init.album ?? "";
    this.artwork = (init.artwork ?? []).map((image) => ({ ...image }));
  }
}

function fakeMediaSession(unsupported: string[] = []) {
  const handlers = new Map<string, (() => void) | null>();
  const positions: { duration: number; position: number; playbackRate: number }[] = [];
  return {
    metadata: null as FakeMediaMetadata | null,
    playbackState: "none" as MediaSessionPlaybackState,
    handlers,
    positions,
    setActionHandler(action: string, handler: (() => void) | null) {
      if (unsupported.includes(action)) throw new TypeError(`The action "${action}" is not supported`);
      handlers.set(action, handler);
    },
    setPositionState(state: { duration: number; position: number; playbackRate: number }) {
      if (state.duration < 0 || state.position < 0 || state.position > state.duration || state.playbackRate === 0) {
        throw new TypeError("Invalid position state");
      }
      positions.push({ ...state });
    },
  };
}

function controls() {
  const called: string[] = [];
  const record = (name: string) => () => called.push(name);
  const media: MediaControls = {
    play: record("play"),
    pause: record("pause"),
    previousSentence: record("previousSentence"),
    nextSentence: record("nextSentence"),
    back30: record("back30"),
    forward30: record("forward30"),
    stop: record("stop"),
  };
  return { media, called };
}

const ARTICLE = { title: "How bees talk", site: "Bee Journal", artwork: "https://images.example/bees.jpg" };
const APP_ICON = { src: "/pwa-512x512.png", sizes: "512x512", type: "image/png" };

let media: ReturnType<typeof fakeMediaSession>;

beforeEach(() => {
  media = fakeMediaSession();
  vi.stubGlobal("navigator", { mediaSession: media });
  vi.stubGlobal("MediaMetadata", FakeMediaMetadata);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the Media Session of the player", () => {
  it("shows the title, the site as the artist, and the lead image before the app's icon", () => {
    showNowPlaying(ARTICLE, controls().media);
    expect(media.metadata).toEqual({
      title: "How bees talk",
      artist: "Bee Journal",
      album: "VibeRead",
      artwork: [{ src: "https://images.example/bees.jpg" }, APP_ICON],
    });
    // Without a lead image, the app's 512 px icon alone.
    showNowPlaying({ ...ARTICLE, artwork: null }, controls().media);
    expect(media.metadata?.artwork).toEqual([APP_ICON]);
  });

  it("sends each lock-screen and headset action to the player's control", () => {
    const { media: player, called } = controls();
    showNowPlaying(ARTICLE, player);
    const actions = ["play", "pause", "previoustrack", "nexttrack", "seekbackward", "seekforward", "stop"];
    expect([...media.handlers.keys()]).toEqual(actions);
    for (const action of actions) media.handlers.get(action)?.();
    expect(called).toEqual(["play", "pause", "previousSentence", "nextSentence", "back30", "forward30", "stop"]);
  });

  it("sets the handlers a browser supports when it refuses others", () => {
    media = fakeMediaSession(["seekbackward", "seekforward", "stop"]);
    vi.stubGlobal("navigator", { mediaSession: media });
    const { media: player, called } = controls();
    expect(() => showNowPlaying(ARTICLE, player)).not.toThrow();
    expect([...media.handlers.keys()]).toEqual(["play", "pause", "previoustrack", "nexttrack"]);
    media.handlers.get("nexttrack")?.();
    expect(called).toEqual(["nextSentence"]);
  });

  it("reports the playback state and the estimated position, its duration and rate", () => {
    setPlaybackState("playing", { elapsed: 42.5, total: 300, rate: 1.5 });
    expect(media.playbackState).toBe("playing");
    expect(media.positions.at(-1)).toEqual({ duration: 300, position: 42.5, playbackRate: 1.5 });
    setPlaybackState("paused", { elapsed: 60, total: 300, rate: 1.5 });
    expect(media.playbackState).toBe("paused");
    expect(media.positions.at(-1)).toEqual({ duration: 300, position: 60, playbackRate: 1.5 });
    // An estimate past the end is held at the end, and an empty text still has a duration the API accepts.
    setPlaybackState("playing", { elapsed: 310, total: 300, rate: 1 });
    expect(media.positions.at(-1)).toEqual({ duration: 300, position: 300, playbackRate: 1 });
    setPlaybackState("paused", { elapsed: 0, total: 0, rate: 1 });
    expect(media.positions.at(-1)).toEqual({ duration: 0.1, position: 0, playbackRate: 1 });
    expect(media.positions).toHaveLength(4);
    // A state alone leaves the position as it was.
    setPlaybackState("none");
    expect(media.playbackState).toBe("none");
    expect(media.positions).toHaveLength(4);
  });

  it("clears the metadata, the state and every handler when the player closes", () => {
    showNowPlaying(ARTICLE, controls().media);
    setPlaybackState("playing", { elapsed: 1, total: 10, rate: 1 });
    clearNowPlaying();
    expect(media.metadata).toBeNull();
    expect(media.playbackState).toBe("none");
    expect([...media.handlers.values()].every((handler) => handler === null)).toBe(true);
    expect(media.handlers.size).toBe(7);
  });

  it("does nothing where the browser has no Media Session", () => {
    vi.stubGlobal("navigator", {});
    expect(() => showNowPlaying(ARTICLE, controls().media)).not.toThrow();
    expect(() => setPlaybackState("playing", { elapsed: 1, total: 10, rate: 1 })).not.toThrow();
    expect(() => clearNowPlaying()).not.toThrow();
    expect(media.metadata).toBeNull();
  });
});
