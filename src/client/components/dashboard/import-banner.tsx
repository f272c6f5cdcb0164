import { Link } from "react-router";
import type { ImportJob } from "../../api/imports";
import { isImportActive, useImportsQuery } from "../../queries/imports";

const count = (n: number) => n.toLocaleString("en-US");
const isProcessing = (job: ImportJob) => job.status === "processing";

/**
 * A slim line on the dashboard while an import runs: "Importing 3,412 of 10,000 from Pocket..." while its rows
 * are stored, then "Stored." and how many of the imported articles have been processed, with a link to the
 * details. It goes once every article is processed (settings then says "Done").
 */
export function ImportBanner() {
  const imports = useImportsQuery();
  const storing = imports.data?.find(isImportActive);
  const processing = storing ? undefined : imports.data?.find(isProcessing);
  const job = storing ?? processing;
  if (!job) return null;
  const [done, of] = storing
    ? [job.imported + job.duplicates + job.invalid + job.failed, job.total]
    : [job.processed, job.imported];
  return (
    <div className="import-banner" role="status">
      <span>
        {storing
          ? `Importing ${count(done)} of ${count(of)} from ${job.source}...`
          : `Stored. Processing articles imported from ${job.source}: ${count(done)} of ${count(of)}...`}
      </span>
      <progress value={done} max={of} aria-label="Import progress" />
      <Link to="/settings">See the import</Link>
    </div>
  );
}
