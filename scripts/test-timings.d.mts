// Types for scripts/test-timings.mjs (plain Node, so it runs before anything is compiled).

export interface Stage {
  name: string;
  ms: number;
  loadStart: number;
  loadEnd: number;
  concurrent?: boolean;
}

export interface Duration {
  file: string;
  ms: number;
}

export function currentLoad(): number;
export function formatStageTable(stages: Stage[], totalMs: number): string;
export function vitestFileDurations(report: unknown, root: string): Duration[];
export function playwrightSpecDurations(report: unknown): Duration[];
