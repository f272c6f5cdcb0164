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

/** The user's recent imports, newest first; refreshed every 2 s while one is storing or processing. */
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
    refetchInterval: pollEvery<ImportJob[]>(IMPORT_POLL_MS, (jobs) => (jobs ?? []).some(isImportBusy)),
  });
}

/** Uploads a file (with progress) and puts the new import at the top of the list. */
export function useUploadImport(onProgress: (share: number) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, format, encoding }: { file: File; format: string; encoding?: string }) =>
      importsApi.upload(file, format, onProgress, encoding),
    onSettled: () => client.invalidateQueries({ queryKey: importKeys.all }),
  });
}
