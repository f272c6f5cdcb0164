/** One thing to say: a sentence of the article or summary, with how it is read. */
export interface SpokenSentence {
  text: string;
  kind: "heading" | "paragraph" | "list-item" | "quote";
}
export interface SpeakOptions {
  sentences: SpokenSentence[];
  start: number;
  lang: string;
  rate: number;
  /** Called as sentence i starts being spoken. */ onSentence(index: number): void;
  onEnd(): void;
  onError(error: Error): void;
}
export interface SpeechEngine {
  readonly name: "browser" | "cloud";
  /** Whether this engine can speak `lang` (BCP 47, e.g. "de" or "pt-BR") on this device/server now. */
  supports(lang: string): Promise<boolean>;
  speak(options: SpeakOptions): void;
  pause(): void;
  resume(): void;
  stop(): void;
}
