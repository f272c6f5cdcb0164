// Types for scripts/labelled-library.mjs (plain Node, so benchmarks in any checkout can copy it as it is).

export interface LabelledPage {
  corpus: "trafilatura-dev" | "modern-dev" | "readability-test-pages";
  page: string;
  url: string | null;
  title: string;
  language: string;
  subject: string;
  news: boolean;
  split: "dev" | "heldout";
}

export interface LabelledLibrary {
  about: string;
  subjects: string[];
  pages: LabelledPage[];
}

export interface PageFilter {
  split?: "dev" | "heldout";
  language?: string;
  subject?: string;
  newsOnly?: boolean;
}

export const LIBRARY_PATH: string;
export const CORPUS_ROOT: string;
export function readLabelledLibrary(path?: string): LabelledLibrary;
export function corpusFile(page: LabelledPage, corpusRoot?: string): string;
export function pageHtml(page: LabelledPage, corpusRoot?: string): string;
export function selectPages(pages: LabelledPage[], filter?: PageFilter): LabelledPage[];
export function loadLabelledLibrary(
  filter?: PageFilter,
  options?: { libraryPath?: string; corpusRoot?: string },
): (LabelledPage & { address: string; html: string })[];
export function libraryProblems(library: LabelledLibrary, corpusRoot?: string): string[];
export function countBy(pages: LabelledPage[], key: (page: LabelledPage) => string): Record<string, number>;
