import { AppError } from "../../errors";

export type EpubErrorCode = "not-an-epub" | "corrupt" | "encrypted-drm" | "too-large" | "zip-bomb" | "no-chapters";

/** The status each refusal answers with when it reaches `app.onError` unhandled. */
const STATUS: Record<EpubErrorCode, 413 | 415 | 422> = {
  "not-an-epub": 415,
  corrupt: 422,
  "encrypted-drm": 422,
  "too-large": 413,
  "zip-bomb": 413,
  "no-chapters": 422,
};

/**
 * Why a file could not be read as a book. `message` is one sentence a reader understands (it is shown as is);
 * `code` lets the caller tell the cases apart without reading it.
 */
export class EpubReadError extends AppError {
  constructor(
    readonly code: EpubErrorCode,
    message: string,
    cause?: unknown,
  ) {
    super(STATUS[code], message, { code });
    if (cause !== undefined) this.cause = cause;
  }
}
