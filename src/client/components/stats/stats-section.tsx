import { type ReactNode, useId } from "react";

/** A titled card on the statistics screen; a landmark region named by its heading. */
export function StatsSection({
  title,
  className = "",
  children,
}: {
  title: string;
  className?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className={`stats-card ${className}`.trim()} aria-labelledby={headingId}>
      <h2 id={headingId} className="stats-card-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The text a section shows when it has nothing to show (spec §2 empty texts). */
export function StatsEmpty({ children }: { children: ReactNode }) {
  return <p className="stats-empty">{children}</p>;
}

/** Label-and-figure tiles; `<dt>`/`<dd>` so the pairing is announced, the figure drawn above its label. */
export function StatTiles({ tiles }: { tiles: { label: string; value: ReactNode }[] }) {
  return (
    <dl className="stats-tiles">
      {tiles.map((tile) => (
        <div className="stats-tile" key={tile.label}>
          <dt className="stats-tile-label">{tile.label}</dt>
          <dd className="stats-tile-value">{tile.value}</dd>
        </div>
      ))}
    </dl>
  );
}
