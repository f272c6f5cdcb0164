import { type ReactNode, useId } from "react";

/** The frame every settings section shares: a titled card. */
export function SettingsSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {description && <p className="settings-description">{description}</p>}
      {children}
    </section>
  );
}
