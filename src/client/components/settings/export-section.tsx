import { useState } from "react";
import { downloadExport, type ExportFormat } from "../../api/export";
import { useToast } from "../../hooks/use-toast";
import { SettingsSection } from "./settings-section";

const CHOICES: { format: ExportFormat; label: string; hint: string }[] = [
  { format: "json", label: "JSON", hint: "Everything, for VibeRead or your own scripts" },
  { format: "csv", label: "CSV", hint: "Pocket's columns plus ours, for spreadsheets" },
  { format: "html", label: "Bookmarks (HTML)", hint: "Imports into any browser" },
  { format: "markdown", label: "Markdown (zip)", hint: "One file per article, for note-taking apps" },
  {
    format: "highlights",
    label: "Highlights only (Markdown)",
    hint: "Your highlights and notes, one file per article, for Obsidian",
  },
];

/** Downloads the whole library (issue 23): one button per format. */
export function ExportSection() {
  const toast = useToast();
  const [busy, setBusy] = useState<ExportFormat | null>(null);

  async function download(format: ExportFormat) {
    setBusy(format);
    try {
      const filename = await downloadExport(format);
      toast.success(`Downloaded ${filename}`);
    } catch (failure) {
      toast.error(failure instanceof Error ? failure.message : "Failed to export your library");
    } finally {
      setBusy(null);
    }
  }

  return (
    <SettingsSection
      title="Export"
      description="Download your whole library: every article with its summary, content, tags, rating, dates, highlights, notes and reading position."
    >
      <ul className="export-list">
        {CHOICES.map(({ format, label, hint }) => (
          <li key={format} className="export-choice">
            <button
              type="button"
              className="button button-secondary export-button"
              onClick={() => void download(format)}
              disabled={busy !== null}
              aria-label={`Export as ${label}`}
            >
              {busy === format ? "Preparing..." : label}
            </button>
            <span className="export-hint">{hint}</span>
          </li>
        ))}
      </ul>
    </SettingsSection>
  );
}
