import { collapseWhitespace } from "./strings";
import { comparable, titleParts } from "./title";
import { agree } from "./title-choice";

/** "theverge" for theverge.com, "bbc" for bbc.co.uk: how a site's name is often written in titles. */
export function siteLabel(domain: string): string | null {
  const labels = domain.split(".");
  if (labels.length < 2) return null;
  return labels.at(genericSecondLevel(labels) ? -3 : -2) ?? null;
}

/** "example.org" for forums.example.org, "bbc.co.uk" for www.bbc.co.uk: the name a site is registered under. */
export function registeredDomain(domain: string): string | null {
  const labels = domain.split(".");
  if (labels.length < 2) return null;
  return labels.slice(genericSecondLevel(labels) ? -3 : -2).join(".");
}

function genericSecondLevel(labels: readonly string[]): boolean {
  return labels.length >= 3 && /^(?:co|com|net|org|gov|edu|ac|ne|or)$/.test(labels.at(-2) ?? "");
}

/** Every way the site's name may be written in its titles: its stated name, the host, the registered domain, its label. */
export function siteNameForms(siteName: string | null, domain: string): string[] {
  return [siteName, domain, registeredDomain(domain), siteLabel(domain)].filter(
    (name): name is string => name !== null && name.length > 0,
  );
}

/**
 * The first of `candidates` (og:site_name, JSON-LD publisher, application-name, in that order) that names a site
 * rather than the page: some pages put their own title there ("US-Sport in Zeiten von Corona - Beispiel-Mediathek" as
 * application-name). Such a value loses its parts that are the article's `title`; if nothing else is left it is
 * passed over. Null when no candidate names the site (the reader then sees the host).
 */
export function chooseSiteName(
  candidates: readonly (string | null | undefined)[],
  title: string | null,
): string | null {
  for (const candidate of candidates) {
    const name = candidate ? collapseWhitespace(candidate) : "";
    if (!name) continue;
    if (!title) return name;
    if (comparable(name) === comparable(title)) continue;
    const parts = titleParts(name);
    if (parts.length < 2) return name;
    const rest = parts.filter((part) => !agree(part, title));
    if (rest.length === parts.length) return name;
    if (rest.length > 0) return rest.join(" - ");
  }
  return null;
}
