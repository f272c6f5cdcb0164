import { type FormEvent, useId, useRef, useState } from "react";
import { IMPORT_LIMITS_SENTENCE } from "../../../worker/domain/imports/import-limits";
import { IMPORT_FORMAT_OPTIONS, type ImportJob } from "../../api/imports";
import { useToast } from "../../hooks/use-toast";
import { useImportsQuery, useUploadImport } from "../../queries/imports";
import { ImportEncodingPreview } from "./import-encoding-preview";
import { SettingsSection } from "./settings-section";

const count = (n: number) => n.toLocaleString("en-US");

const STATUS_WORDS: Record<ImportJob["status"], string> = {
  queued: "Waiting to start",
  running: "Importing",
  // Every row is stored and its articles are still being processed: "Done" waits for them (issue 31).
  processing: "Stored",
  done: "Done",
  failed: "Failed",
};

/** Every row stored but articles still processing reads "Stored"; "Done" only once they are all processed. */
function importStatusWord(job: ImportJob): string {
  // An import answered by a server from before the `processing` status (issue 31) says done with work left.
  if (job.status === "done" && job.processed < job.imported) return "Stored";
  return STATUS_WORDS[job.status];
}

/** One import: a progress bar over its rows (then over processing), its counts, and its invalid rows. */
function ImportRow({ job }: { job: ImportJob }) {
  const stored = job.imported + job.duplicates + job.invalid + job.failed;
  const storing = job.status === "queued" || job.status === "running";
  const processing = job.status === "processing";
  const [value, max] = storing ? [stored, job.total] : [job.processed, Math.max(job.imported, 1)];
  const label = `${job.file_name ?? "Import"} from ${job.source}`;
  return (
    <li className="import-job">
      <div className="import-job-head">
        <strong>{label}</strong>
        <span className={`import-status import-status-${processing ? "stored" : job.status}`}>
          {importStatusWord(job)}
        </span>
      </div>
      <progress className="import-progress" value={job.status === "failed" ? 0 : value} max={max} aria-label={label} />
      <p className="import-counts">
        {storing
          ? `${count(stored)} of ${count(job.total)} rows read. `
          : processing
            ? `Processing ${count(job.processed)} of ${count(job.imported)} imported articles. `
            : ""}
        {count(job.imported)} imported, {count(job.duplicates)} already saved, {count(job.invalid)} invalid
        {job.failed > 0 ? `, ${count(job.failed)} failed` : ""}.
      </p>
      {job.error && (
        <p className="error-box" role="alert">
          {job.error}
        </p>
      )}
      {job.errors.length > 0 && (
        <details className="import-errors">
          <summary>
            {job.invalid === 1 ? "1 row was not imported" : `${count(job.invalid)} rows were not imported`}
          </summary>
          <ul>
            {job.errors.map((e) => (
              <li key={e.row}>
                Row {e.row}: {e.reason}
              </li>
            ))}
            {job.invalid > job.errors.length && <li>...and {count(job.invalid - job.errors.length)} more</li>}
          </ul>
        </details>
      )}
      {job.warnings.length > 0 && (
        <details className="import-errors">
          <summary>{job.warnings.length === 1 ? "1 note" : `${count(job.warnings.length)} notes`}</summary>
          <ul>
            {job.warnings.map((w) => (
              <li key={`w${w.row}`}>{w.row === 0 ? w.reason : `Row ${w.row}: ${w.reason}`}</li>
            ))}
          </ul>
        </details>
      )}
    </li>
  );
}

/**
 * Settings: bring a library from Pocket, Instapaper, Omnivore, Karakeep, Readwise, Raindrop or a browser. The
 * upload shows its progress; then each import shows a bar and its counts, live while it runs.
 */
export function ImportSection() {
  const fileId = useId();
  const formatId = useId();
  const limitId = useId();
  const form = useRef<HTMLFormElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState("");
  const [encoding, setEncoding] = useState("");
  const [sent, setSent] = useState(0);
  const toast = useToast();
  const imports = useImportsQuery();
  const uploadImport = useUploadImport(setSent);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    setSent(0);
    uploadImport.mutate(
      { file, format, encoding },
      {
        onSuccess: (started) => {
          toast.success(`Import started: ${count(started.total)} rows`);
          setFile(null);
          form.current?.reset();
        },
      },
    );
  }

  return (
    <SettingsSection
      title="Import"
      description="Bring your library from Pocket (its zip or CSV), Instapaper, Omnivore, Karakeep, Readwise Reader, Raindrop.io, OneTab, your browser's bookmarks, any CSV with a url column or a list of links. Dates, read state, favourites and tags come along; links you already have are skipped."
    >
      <form className="import-form" ref={form} onSubmit={submit}>
        <div className="settings-row">
          <label className="settings-label" htmlFor={fileId}>
            File to import
          </label>
          <input
            id={fileId}
            type="file"
            accept=".csv,.html,.htm,.json,.zip,.txt,.tsv"
            aria-describedby={limitId}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
          <span className="import-limit" id={limitId}>
            {IMPORT_LIMITS_SENTENCE}
          </span>
        </div>
        <ImportEncodingPreview file={file} encoding={encoding} onEncoding={setEncoding} />
        <div className="settings-row">
          <label className="settings-label" htmlFor={formatId}>
            Format
          </label>
          <select id={formatId} value={format} onChange={(event) => setFormat(event.target.value)}>
            {IMPORT_FORMAT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <button type="submit" className="button" disabled={!file || uploadImport.isPending}>
            {uploadImport.isPending ? "Uploading..." : "Import"}
          </button>
        </div>
        {uploadImport.isPending && (
          <progress className="import-progress" value={sent} max={1} aria-label="Upload progress" />
        )}
        {uploadImport.isError && (
          <p className="error-box" role="alert">
            {uploadImport.error.message}
          </p>
        )}
      </form>
      {imports.isError && (
        <p className="error-box" role="alert">
          {imports.error.message}
        </p>
      )}
      {imports.data && imports.data.length > 0 && (
        <ul className="import-jobs" aria-label="Imports">
          {imports.data.map((job) => (
            <ImportRow key={job.id} job={job} />
          ))}
        </ul>
      )}
    </SettingsSection>
  );
}
