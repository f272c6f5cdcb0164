import { useId } from "react";
import { useReaderSettings } from "../hooks/use-reader-settings";
import {
  READER_ALIGNMENTS,
  READER_FONTS,
  READER_LINE_HEIGHTS,
  READER_SIZES,
  READER_THEMES,
  READER_WIDTHS,
  type ReaderSettings,
} from "../lib/reader-settings";
import "../styles/reader-settings.css";

const THEME_LABELS: Record<ReaderSettings["theme"], string> = {
  system: "System",
  light: "Light",
  sepia: "Sepia",
  dark: "Dark",
};
const FONT_LABELS: Record<ReaderSettings["font"], string> = { serif: "Serif", sans: "Sans", legible: "Legible" };
const LINE_HEIGHT_LABELS: Record<ReaderSettings["line_height"], string> = {
  compact: "Compact",
  normal: "Normal",
  loose: "Loose",
};
const WIDTH_LABELS: Record<ReaderSettings["width"], string> = { narrow: "Narrow", medium: "Medium", wide: "Wide" };
const ALIGN_LABELS: Record<ReaderSettings["align"], string> = { start: "Left", justify: "Justified" };

/** One choice of the settings as a row of radio buttons drawn as a segmented control. */
function Choice<Key extends keyof ReaderSettings>({
  field,
  legend,
  options,
  labels,
  className,
}: {
  field: Key;
  legend: string;
  options: readonly ReaderSettings[Key][];
  labels: Record<string, string>;
  className?: string;
}) {
  const { settings, change } = useReaderSettings();
  const name = useId();
  return (
    <fieldset className={`reader-choice${className ? ` ${className}` : ""}`}>
      <legend>{legend}</legend>
      <div className="reader-choice-options">
        {options.map((option) => (
          <label key={String(option)} className="reader-option" data-value={String(option)}>
            <input
              type="radio"
              name={name}
              value={String(option)}
              checked={settings[field] === option}
              onChange={() => change({ [field]: option } as Partial<ReaderSettings>)}
            />
            <span>{labels[String(option)]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The reader settings (issue 50 item 1): theme, font, size, line spacing, width and alignment. Each change applies
 * at once on every screen and is kept for the account (hooks/use-reader-settings.tsx). Used in the viewer's "Aa"
 * panel and on the settings screen.
 */
export function ReaderSettingsControls() {
  const { settings, change } = useReaderSettings();
  const sizeId = useId();
  const step = Math.max(0, READER_SIZES.indexOf(settings.size));
  return (
    <div className="reader-settings">
      <Choice field="theme" legend="Theme" options={READER_THEMES} labels={THEME_LABELS} className="reader-themes" />
      <Choice field="font" legend="Font" options={READER_FONTS} labels={FONT_LABELS} className="reader-fonts" />
      <div className="reader-size">
        <label htmlFor={sizeId}>Text size</label>
        <div className="reader-size-row">
          <span aria-hidden="true" className="reader-size-small">
            A
          </span>
          <input
            id={sizeId}
            type="range"
            min={0}
            max={READER_SIZES.length - 1}
            step={1}
            value={step}
            aria-valuetext={`${settings.size} pixels`}
            onChange={(event) => {
              const size = READER_SIZES[Number(event.target.value)];
              if (size) change({ size });
            }}
          />
          <span aria-hidden="true" className="reader-size-large">
            A
          </span>
          <output htmlFor={sizeId} className="reader-size-value">
            {settings.size} px
          </output>
        </div>
      </div>
      <Choice field="line_height" legend="Line spacing" options={READER_LINE_HEIGHTS} labels={LINE_HEIGHT_LABELS} />
      <Choice field="width" legend="Line width" options={READER_WIDTHS} labels={WIDTH_LABELS} />
      <Choice field="align" legend="Alignment" options={READER_ALIGNMENTS} labels={ALIGN_LABELS} />
    </div>
  );
}
