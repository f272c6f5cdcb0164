/**
 * The lock screen and the headset buttons (issue 36): Media Session metadata and action handlers for the player.
 * Everything is feature-checked: the API is missing in some browsers, and setActionHandler throws for an action a
 * browser does not know.
 */
export interface NowPlaying {
  title: string;
  site: string;
  artwork: string | null;
}

export interface MediaControls {
  play(): void;
  pause(): void;
  previousSentence(): void;
  nextSentence(): void;
  back30(): void;
  forward30(): void;
  stop(): void;
}

const APP_ICON = { src: "/pwa-512x512.png", sizes: "512x512", type: "image/png" };

function session(): MediaSession | null {
  return typeof navigator !== "undefined" && "mediaSession" in navigator ? navigator.mediaSession : null;
}

export function showNowPlaying(playing: NowPlaying, controls: MediaControls): void {
  const media = session();
  if (!media) return;
  if (typeof MediaMetadata === "function") {
    media.metadata = new MediaMetadata({
      title: playing.title,
      artist: playing.site,
      album: "VibeRead",
      // The lead image first when there is one; the app icon always (Chrome on Android wants 512 x 512).
      artwork: playing.artwork ? [{ src: playing.artwork }, APP_ICON] : [APP_ICON],
    });
  }
  const handlers: [MediaSessionAction, () => void][] = [
    ["play", controls.play],
    ["pause", controls.pause],
    ["previoustrack", controls.previousSentence],
    ["nexttrack", controls.nextSentence],
    ["seekbackward", controls.back30],
    ["seekforward", controls.forward30],
    ["stop", controls.stop],
  ];
  for (const [action, handler] of handlers) {
    try {
      media.setActionHandler(action, handler);
    } catch {
      // Not supported by this browser: the page's own buttons still do it.
    }
  }
}

export function setPlaybackState(
  state: MediaSessionPlaybackState,
  position?: { elapsed: number; total: number; rate: number },
): void {
  const media = session();
  if (!media) return;
  media.playbackState = state;
  if (position && typeof media.setPositionState === "function") {
    try {
      media.setPositionState({
        duration: Math.max(position.total, 0.1),
        position: Math.min(position.elapsed, position.total),
        playbackRate: position.rate,
      });
    } catch {
      // An estimate out of range is not worth an error.
    }
  }
}

export function clearNowPlaying(): void {
  const media = session();
  if (!media) return;
  media.metadata = null;
  media.playbackState = "none";
  for (const action of [
    "play",
    "pause",
    "previoustrack",
    "nexttrack",
    "seekbackward",
    "seekforward",
    "stop",
  ] as const) {
    try {
      media.setActionHandler(action, null);
    } catch {
      // See above.
    }
  }
}
