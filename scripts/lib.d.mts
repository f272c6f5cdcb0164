// Types for the parts of scripts/lib.mjs that tests use (plain Node, so it runs before anything is compiled).
import type { ChildProcess } from "node:child_process";

export const ROOT: string;
export function tool(name: string): string;
export function toolEnv(extra?: Record<string, string>): NodeJS.ProcessEnv;
export function serveArgs(options: {
  port: number | string;
  persistTo: string;
  configPath?: string;
  vars?: Record<string, string>;
}): string[];
export function waitForHealth(
  app: { server: ChildProcess; base: string; logPath: string },
  timeoutMs?: number,
): Promise<void>;
