import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ImportJob, importsApi } from "../api/imports";
import { articleKeys } from "./articles";
import { pollEvery } from "./query-client";

export const importKeys = { all: ["imports"] as const };

/** How often a running import's counts refresh on screen. */
const IMPORT_POLL_MS = 2_000;

export const isImportActive = (job: ImportJob) => job.status === "queued" || job.status === "running";
/** Still storing rows, or its articles still processing. */
const isImportBusy = (job: ImportJob) => isImportActive(job) || job.status === "processing";

/**
 * Imports this page started that the list has not shown yet, by id, with when they started. A list read while the
 * upload's answer was on its way (a slow server) lacks the new import and, with nothing busy in it, would not be
 * read again: the list keeps refreshing until each appears, for at most a minute.
 */
const awaitedImports = new Map<number, number>();
const AWAIT_MS = 60_000;

function awaitingImports(jobs: ImportJob[] | undefined, now = Date.now()): boolean {
  for (const [id, startedAt] of awaitedImports) {
    if (jobs?.some((job) => job.id === id) || now - startedAt > AWAIT_MS) awaitedImports.delete(id);
  }
  return awaitedImports.size > 0;
}

/**
 * The user's recent imports, newest first; refreshed every 2 s while one is storing or processing, or one just
 * started is not in it yet.
 */
export function useImportsQuery() {
  const client = useQueryClient();
  return useQuery({
    queryKey: importKeys.all,
    queryFn: async () => {
      const { imports } = await importsApi.list();
      // Imported articles appear in the library as their rows are stored.
      if (imports.some(isImportActive)) void client.invalidateQueries({ queryKey: articleKeys.lists() });
      return imports;
    },
    refetchInterval: pollEvery<ImportJob[]>(
      IMPORT_POLL_MS,
      (jobs) => (jobs ?? []).some(isImportBusy) || awaitingImports(jobs),
    ),
  });
}

/** Uploads a file (with progress); the list is read again until the new import is in it. */
export function useUploadImport(onProgress: (share: number) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, format, encoding }: { file: File; format: string; encoding?: string }) =>
      importsApi.upload(file, format, onProgress, encoding),
    onSuccess: (started) => {
      awaitedImports.set(started.id, Date.now());
    },
    onSettled: () => client.invalidateQueries({ queryKey: importKeys.all }),
  });
}
