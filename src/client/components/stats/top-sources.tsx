import type { Stats } from "../../api/types";
import { barHeight, pluralize, rankedDomains } from "../../lib/stats-view";
import { StatsEmpty, StatsSection } from "./stats-section";

/** Domains ranked by how many articles came from them, with a bar relative to the first. */
export function TopSourcesSection({ domains }: { domains: Stats["top_domains"] }) {
  const ranked = rankedDomains(domains);
  const top = ranked[0]?.count ?? 0;
  return (
    <StatsSection title="Top Sources">
      {ranked.length === 0 ? (
        <StatsEmpty>No domains to show yet</StatsEmpty>
      ) : (
        <ol className="stats-sources">
          {ranked.map((source) => (
            <li key={source.domain} className="stats-source">
              <span className="stats-source-domain">{source.domain}</span>
              <span className="stats-row-count">{pluralize(source.count, "article")}</span>
              <span className="stats-source-meter" aria-hidden="true">
                <span style={{ width: `${barHeight(source.count, top)}%` }} />
              </span>
            </li>
          ))}
        </ol>
      )}
    </StatsSection>
  );
}
