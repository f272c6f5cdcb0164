import { useId, useRef, useState } from "react";
import { DOCUMENT_ACCEPT, DOCUMENT_LIMITS_HINT, documentsApi } from "../../api/documents";
import type { Article } from "../../api/types";
import { useToast } from "../../hooks/use-toast";

export interface DocumentUploadState {
  /** The file being sent, and the share of it sent (0-1); at 1 the server is reading it. */
  uploading: { name: string; sent: number } | null;
  error: string | null;
  /** Uploads one file: the picker's and a drop's. */
  send: (file: File) => Promise<void>;
}

/** Issue 54: a document into the library through the add box, its progress and the server's reason when refused. */
export function useDocumentUpload(onSaved: (articles: Article[]) => void): DocumentUploadState {
  const toast = useToast();
  const [uploading, setUploading] = useState<{ name: string; sent: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function send(file: File) {
    if (uploading) return;
    setError(null);
    setUploading({ name: file.name, sent: 0 });
    try {
      const article = await documentsApi.upload(file, (sent) => setUploading({ name: file.name, sent }));
      toast.success("Document saved! Processing in background...");
      onSaved([article]);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "The file could not be uploaded.");
    } finally {
      setUploading(null);
    }
  }
  return { uploading, error, send };
}

/** The picker button, the limits, and the upload's progress (then "Reading..." while the server reads the file). */
export function DocumentUpload({ state }: { state: DocumentUploadState }) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const { uploading, error } = state;
  const reading = uploading !== null && uploading.sent >= 1;
  return (
    <div className="document-upload">
      <input
        ref={input}
        type="file"
        accept={DOCUMENT_ACCEPT}
        className="visually-hidden"
        aria-label="Choose a document to upload"
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) void state.send(file);
        }}
      />
      <button
        type="button"
        className="button document-upload-button"
        aria-describedby={hintId}
        disabled={uploading !== null}
        onClick={() => input.current?.click()}
      >
        Upload a file
      </button>
      <span id={hintId} className="add-article-hint document-upload-hint">
        <span className="document-upload-drop">or drop one here: </span>
        {DOCUMENT_LIMITS_HINT}
      </span>
      {uploading && (
        <div className="document-upload-progress" role="status">
          <progress value={reading ? undefined : uploading.sent} max={1} aria-label="Upload progress" />
          <span>
            {reading
              ? `Reading ${uploading.name}...`
              : `Uploading ${uploading.name}: ${Math.round(uploading.sent * 100)}%`}
          </span>
        </div>
      )}
      {error && (
        <p className="add-article-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
