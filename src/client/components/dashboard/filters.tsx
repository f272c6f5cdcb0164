import { useId } from "react";

interface FiltersProps {
  search: string;
  domain: string;
  domains: string[];
  onSearch: (value: string) => void;
  onDomain: (value: string) => void;
}

/** Search text and domain; the list hook debounces them (500 ms). Known domains are offered as suggestions. */
export function Filters({ search, domain, domains, onSearch, onDomain }: FiltersProps) {
  const searchId = useId();
  const domainId = useId();
  const listId = useId();
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
    </search>
  );
}
