import type { ReactNode } from "react";
import { Link } from "react-router";
import { usePageTitle } from "../hooks/use-page-title";
import { LogoMark } from "./logo";

export const LEGAL_EFFECTIVE_DATE = "August 11, 2025";

export interface LegalSection {
  id: string;
  heading: string;
  body: ReactNode;
}

/** Public legal page: a heading, the effective date, a table of contents and numbered sections. */
export function LegalPage({ title, intro, sections }: { title: string; intro: string; sections: LegalSection[] }) {
  usePageTitle(title);
  return (
    <div className="legal-layout">
      <header className="legal-header">
        <Link to="/dashboard" className="brand" aria-label="VibeRead home">
          <LogoMark />
          <span className="brand-name">VibeRead</span>
        </Link>
      </header>
      <main className="legal-main" id="main">
        <article className="legal-article">
          <h1>{title}</h1>
          <p className="legal-effective">
            Effective date: <time dateTime="2025-08-11">{LEGAL_EFFECTIVE_DATE}</time>
          </p>
          <p>{intro}</p>
          <nav aria-label="Contents" className="legal-toc">
            <ol>
              {sections.map((section) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    onClick={(event) => {
                      // Hash routing owns the URL fragment, so scroll to the section without touching it.
                      event.preventDefault();
                      document.getElementById(section.id)?.scrollIntoView({ behavior: "smooth" });
                    }}
                  >
                    {section.heading}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
          {sections.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
              <h2 id={`${section.id}-heading`}>
                {index + 1}. {section.heading}
              </h2>
              {section.body}
            </section>
          ))}
          <p className="legal-footer">
            <Link to="/terms">Terms of Service</Link> · <Link to="/privacy">Privacy Policy</Link> ·{" "}
            <Link to="/dashboard">Back to VibeRead</Link>
          </p>
        </article>
      </main>
    </div>
  );
}
