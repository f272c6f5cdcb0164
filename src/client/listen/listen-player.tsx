import { type ReactNode, useEffect, useState } from "react";
import { formatClock, RATES, remainingClock, sentenceSeconds } from "./timing";
import type { Listening, ListenSource, SleepSetting } from "./use-listening";

/** Drawn, not emoji: media symbols are missing from some devices' fonts. */
const ICON_PATHS = {
  speaker: "M4 9v6h4l5 4V5L8 9H4zm12.5 3a4.5 4.5 0 0 0-2.5-4v8a4.5 4.5 0 0 0 2.5-4z",
  play: "M8 5v14l11-7z",
  pause: "M6 5h4v14H6zm8 0h4v14h-4z",
  previous: "M6 6h2v12H6zm3.5 6 8.5 6V6z",
  next: "M16 6h2v12h-2zM6 18l8.5-6L6 6z",
  stop: "M6 6h12v12H6z",
} as const;

function Icon({ name }: { name: keyof typeof ICON_PATHS }) {
  return (
    <svg className="listen-svg" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={ICON_PATHS[name]} fill="currentColor" />
    </svg>
  );
}

/** The Listen button of the Content and Summary tabs. */
export function ListenButton({ source, listening }: { source: ListenSource; listening: Listening }) {
  const what = source === "content" ? "the article" : "the summary";
  return (
    <button
      type="button"
      className="button button-secondary button-small listen-button"
      aria-label={`Listen to ${what}`}
      onClick={() => void listening.start(source)}
    >
      <Icon name="speaker" /> Listen
    </button>
  );
}

const SLEEP_OPTIONS: { value: string; label: string }[] = [
  { value: "off", label: "Off" },
  { value: "5", label: "5 min" },
  { value: "15", label: "15 min" },
  { value: "30", label: "30 min" },
  { value: "60", label: "60 min" },
  { value: "paragraph", label: "End of paragraph" },
];

const parseSleep = (value: string): SleepSetting => (value === "off" || value === "paragraph" ? value : Number(value));

const PHASE_TEXT = {
  preparing: "Finding a voice...",
  playing: "Playing",
  paused: "Paused",
  ended: "Finished",
  "no-voice": "",
  error: "",
} as const;

/** Seconds listened so far in the sentence being read, ticking each second while it plays. */
function useSentenceClock(listening: Listening): number {
  const [now, setNow] = useState(() => performance.now());
  const playing = listening.phase === "playing";
  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => setNow(performance.now()), 1_000);
    return () => clearInterval(timer);
  }, [playing]);
  if (!playing || !listening.sentence || listening.sentenceStartedAt === 0) return 0;
  const said = Math.max(0, (now - listening.sentenceStartedAt) / 1000);
  return Math.min(said, sentenceSeconds(listening.sentence, listening.rate));
}

/**
 * The player bar, fixed at the bottom of the screen while listening (issue 36): play/pause, a sentence and
 * 30 seconds back and forward, speed, elapsed and remaining time, a sleep timer and stop; "Back to the voice"
 * after the reader scrolled away, and 'Mark as read' once the article has been heard to the end.
 */
export function ListenPlayer({
  listening,
  isRead,
  markingRead,
  onMarkRead,
}: {
  listening: Listening;
  isRead: boolean;
  markingRead: boolean;
  onMarkRead: () => void;
}) {
  const inSentence = useSentenceClock(listening);
  if (!listening.open) return null;
  const { phase, controls } = listening;
  const usable = phase === "playing" || phase === "paused" || phase === "ended";
  const playing = phase === "playing";
  const elapsed = phase === "ended" ? listening.total : listening.elapsedAtSentence + inSentence;
  const status = listening.message || PHASE_TEXT[phase];
  const what = listening.source === "summary" ? "the summary" : "the article";

  return (
    <section className="listen-player" aria-label="Listen">
      <div className="listen-status">
        <p
          className={`listen-message${phase === "no-voice" || phase === "error" ? " listen-message-problem" : ""}`}
          role="status"
        >
          {status}
        </p>
        {usable ? (
          <span className="listen-progress">
            Sentence {Math.min(listening.index + 1, listening.count)} of {listening.count} of {what}
          </span>
        ) : null}
        {usable && !listening.following ? (
          <button type="button" className="button button-secondary button-small" onClick={listening.backToVoice}>
            Back to the voice
          </button>
        ) : null}
        {phase === "ended" && listening.source === "content" && !isRead ? (
          <button
            type="button"
            className="button button-primary button-small"
            onClick={onMarkRead}
            disabled={markingRead}
          >
            {markingRead ? "Updating..." : "Mark as read"}
          </button>
        ) : null}
      </div>
      <div className="listen-controls">
        <ControlButton label="Back 30 seconds" shortcut="J" disabled={!usable} onClick={controls.back30}>
          <span aria-hidden="true">«30</span>
        </ControlButton>
        <ControlButton label="Previous sentence" shortcut="," disabled={!usable} onClick={controls.previousSentence}>
          <Icon name="previous" />
        </ControlButton>
        <ControlButton
          label={playing ? "Pause" : "Play"}
          shortcut="K"
          className="listen-play"
          disabled={!usable}
          onClick={controls.toggle}
        >
          <Icon name={playing ? "pause" : "play"} />
        </ControlButton>
        <ControlButton label="Next sentence" shortcut="." disabled={!usable} onClick={controls.nextSentence}>
          <Icon name="next" />
        </ControlButton>
        <ControlButton label="Forward 30 seconds" shortcut="L" disabled={!usable} onClick={controls.forward30}>
          <span aria-hidden="true">30»</span>
        </ControlButton>
      </div>
      <div className="listen-settings">
        <span className="listen-time">
          <span className="visually-hidden">Elapsed </span>
          <span data-testid="listen-elapsed">{formatClock(elapsed)}</span>
          <span aria-hidden="true"> · </span>
          <span className="visually-hidden">, </span>
          <span data-testid="listen-remaining">{remainingClock(listening.total, elapsed)}</span>
        </span>
        <label className="listen-select listen-speed">
          <span>Speed</span>
          <select value={String(listening.rate)} onChange={(event) => listening.changeRate(Number(event.target.value))}>
            {RATES.map((rate) => (
              <option key={rate} value={String(rate)}>
                {rate}x
              </option>
            ))}
          </select>
        </label>
        <label className="listen-select listen-sleep">
          <span>Sleep</span>
          <select
            value={String(listening.sleep)}
            onChange={(event) => listening.setSleep(parseSleep(event.target.value))}
          >
            {SLEEP_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="listen-icon listen-stop"
          aria-label="Stop listening"
          title="Stop listening"
          onClick={listening.close}
        >
          <Icon name="stop" />
        </button>
      </div>
    </section>
  );
}

/** A round control of the bar: its name, and its keyboard shortcut in the tooltip and for assistive technology. */
function ControlButton({
  label,
  shortcut,
  className,
  disabled,
  onClick,
  children,
}: {
  label: string;
  shortcut: string;
  className?: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={className ? `listen-icon ${className}` : "listen-icon"}
      aria-label={label}
      title={`${label} (${shortcut})`}
      aria-keyshortcuts={shortcut}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
