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
export const CHROMIUM: string;
export const CHROMIUM_FLAGS: string[];
export function runOrExit(command: string, args: string[], options?: Record<string, unknown>): Promise<void>;
export function startAppInBackground(options: {
  port: number;
  persistTo: string;
  logPath: string;
  configPath?: string;
  vars?: Record<string, string>;
  extraArgs?: string[];
}): { server: ChildProcess; stop: () => void; base: string; logPath: string };
export function runScheduledEvent(base: string, cron: string): Promise<void>;
export function processGroupCpuMs(groupId: number): number | null;
