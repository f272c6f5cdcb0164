import { useId } from "react";
import type { HighlightColor, TagCount } from "../../api/types";
import { COLOR_NAMES, HIGHLIGHT_COLORS } from "../../lib/highlight-list";

/** Search over quotes and notes (debounced by the screen), the colour (one of four, or any) and the tag. */
export function HighlightFilters({
  search,
  onSearch,
  color,
  onColor,
  tag,
  tags,
  onTag,
}: {
  search: string;
  onSearch: (value: string) => void;
  color: HighlightColor | null;
  onColor: (value: HighlightColor | null) => void;
  tag: string;
  tags: TagCount[];
  onTag: (value: string) => void;
}) {
  const searchId = useId();
  const tagId = useId();
  const choices =
    tag && !tags.some((t) => t.tag.toLowerCase() === tag.toLowerCase()) ? [...tags, { tag, count: 0 }] : tags;
  return (
    <search className="highlight-filters">
      <div className="filter highlight-filter-search">
        <label htmlFor={searchId}>Search highlights</label>
        <input
          id={searchId}
          type="search"
          value={search}
          placeholder="Words in a quote or a note"
          onChange={(event) => onSearch(event.target.value)}
        />
      </div>
      <fieldset className="filter color-filter">
        <legend className="filter-label">Colour</legend>
        <div className="color-choices">
          <button type="button" className="color-choice" aria-pressed={color === null} onClick={() => onColor(null)}>
            All
          </button>
          {HIGHLIGHT_COLORS.map((c) => (
            <button
              key={c}
              type="button"
              className="color-choice"
              aria-pressed={color === c}
              title={COLOR_NAMES[c]}
              onClick={() => onColor(color === c ? null : c)}
            >
              <span className={`color-dot color-${c}`} aria-hidden="true" />
              <span className="visually-hidden">{COLOR_NAMES[c]}</span>
            </button>
          ))}
        </div>
      </fieldset>
      <div className="filter">
        <label htmlFor={tagId}>Filter by tag</label>
        <select
          id={tagId}
          value={choices.find((t) => t.tag.toLowerCase() === tag.toLowerCase())?.tag ?? ""}
          onChange={(event) => onTag(event.target.value)}
        >
          <option value="">All tags</option>
          {choices.map((t) => (
            <option key={t.tag} value={t.tag}>
              {t.tag} ({t.count})
            </option>
          ))}
        </select>
      </div>
    </search>
  );
}
