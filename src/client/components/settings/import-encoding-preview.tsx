import { useEffect, useId, useState } from "react";
import {
  encodingChoices,
  encodingLabel,
  isZipFile,
  PREVIEW_BYTES,
  previewRows,
  previewSample,
} from "../../lib/import-preview";
import "../../styles/import-preview.css";

interface Guess {
  sample: Uint8Array;
  encoding: string;
  confident: boolean;
  choices: string[];
}

/** Reads the file's start and, when its encoding is only a guess, what the preview needs; null otherwise. */
async function guessEncoding(file: File): Promise<Guess | null> {
  const head = new Uint8Array(await file.slice(0, PREVIEW_BYTES).arrayBuffer());
  if (isZipFile(head)) return null;
  // The server's decoding rules, in their own chunk: only a file chosen for import loads them.
  const { decodeText, detectedEncodings, COMMON_ENCODINGS } = await import(
    "../../../worker/domain/imports/decode-text"
  );
  const sample = previewSample(head, file.size <= PREVIEW_BYTES);
  const decoded = decodeText(sample);
  if (decoded.source !== "detected") return null;
  const candidates = detectedEncodings(sample).map((c) => c.encoding);
  return {
    sample,
    encoding: decoded.encoding,
    confident: decoded.confident,
    choices: encodingChoices(decoded.encoding, candidates, COMMON_ENCODINGS),
  };
}

/**
 * Before an import stores anything: a text file whose encoding is a guess shows its first rows as they will be
 * read, with a choice of encoding (issue 50). Files that say what they are (a byte-order mark, a declared charset,
 * valid UTF-8) and zips show nothing. `onEncoding` gets the encoding to send ("" while there is nothing to choose).
 */
export function ImportEncodingPreview({
  file,
  encoding,
  onEncoding,
}: {
  file: File | null;
  encoding: string;
  onEncoding: (encoding: string) => void;
}) {
  const [guess, setGuess] = useState<Guess | null>(null);
  const selectId = useId();
  const noteId = useId();

  useEffect(() => {
    let current = true;
    setGuess(null);
    onEncoding("");
    if (!file) return;
    guessEncoding(file).then(
      (found) => {
        if (!current) return;
        setGuess(found);
        onEncoding(found?.encoding ?? "");
      },
      // Unreadable here (a file removed since): the server detects the encoding as before.
      () => {},
    );
    return () => {
      current = false;
    };
  }, [file, onEncoding]);

  if (!guess || !encoding) return null;
  const rows = previewRows(new TextDecoder(encoding).decode(guess.sample));
  return (
    <fieldset className="import-preview">
      <legend>Check the first rows</legend>
      <p id={noteId} className="muted">
        This file is not UTF-8{guess.confident ? "" : " and its encoding is uncertain"}. Nothing is stored until you
        press Import: if accented letters look wrong below, choose another encoding.
      </p>
      <div className="settings-row">
        <label className="settings-label" htmlFor={selectId}>
          Text encoding
        </label>
        <select
          id={selectId}
          value={encoding}
          aria-describedby={noteId}
          onChange={(event) => onEncoding(event.target.value)}
        >
          {guess.choices.map((choice) => (
            <option key={choice} value={choice}>
              {encodingLabel(choice)}
              {choice === guess.encoding ? " (detected)" : ""}
            </option>
          ))}
        </select>
      </div>
      <ol className="import-preview-rows" aria-label="First rows of the file">
        {rows.map((row, index) => (
          // Rows are shown once per choice and never reordered.
          // biome-ignore lint/suspicious/noArrayIndexKey: the rows are the file's lines in order
          <li key={index} dir="auto">
            {row}
          </li>
        ))}
      </ol>
    </fieldset>
  );
}
