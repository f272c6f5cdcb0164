import { useId } from "react";
import type { TagCount } from "../../api/types";

interface FiltersProps {
  search: string;
  domain: string;
  domains: string[];
  onSearch: (value: string) => void;
  onDomain: (value: string) => void;
  tag: string;
  tags: TagCount[];
  onTag: (value: string) => void;
  highlighted: boolean;
  onHighlighted: (value: boolean) => void;
}

/**
 * Search text and domain, which the list hook debounces (500 ms), with known domains offered as suggestions;
 * the tag, chosen from the user's tags, and "Has highlights" (both in the URL, so a filtered list can be linked and
 * gone back to).
 */
export function Filters({
  search,
  domain,
  domains,
  onSearch,
  onDomain,
  tag,
  tags,
  onTag,
  highlighted,
  onHighlighted,
}: FiltersProps) {
  const searchId = useId();
  const domainId = useId();
  const listId = useId();
  const tagId = useId();
  // A tag from the URL that no article carries any more still shows as chosen, so the filter can be cleared.
  const choices =
    tag && !tags.some((t) => t.tag.toLowerCase() === tag.toLowerCase()) ? [...tags, { tag, count: 0 }] : tags;
  return (
    <search className="filters">
      <div className="filter">
        <label htmlFor={searchId}>Search articles</label>
        <input
          id={searchId}
          type="search"
          value={search}
          placeholder="Title, summary or text"
          onChange={(event) => onSearch(event.target.value)}
        />
      </div>
      <div className="filter">
        <label htmlFor={domainId}>Filter by domain</label>
        <input
          id={domainId}
          type="search"
          value={domain}
          placeholder="e.g. example.com"
          list={listId}
          autoComplete="off"
          onChange={(event) => onDomain(event.target.value)}
        />
        <datalist id={listId}>
          {domains.map((d) => (
            <option key={d} value={d} />
          ))}
        </datalist>
      </div>
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
      <div className="filter filter-check">
        <label>
          <input type="checkbox" checked={highlighted} onChange={(event) => onHighlighted(event.target.checked)} />
          Has highlights
        </label>
      </div>
    </search>
  );
}
