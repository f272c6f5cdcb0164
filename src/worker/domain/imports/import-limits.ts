import { formatByteLimit } from "../byte-size";

/**
 * An import upload: a 10,000-row Pocket CSV is 1 to 2 MB; an Omnivore zip with its content can be tens of MB.
 * The upload is held about three times over (the read body, the form's file, its bytes) within the isolate's
 * 128 MB, so 25 MB; only an Omnivore zip's metadata files are needed, and a zip of just those is small.
 */
export const MAX_IMPORT_BODY_BYTES = 25 * 1024 * 1024;
/** A text file (CSV, HTML, JSON, list) is decoded and parsed whole in memory: this keeps that within the isolate. */
export const MAX_TEXT_IMPORT_BYTES = 15 * 1024 * 1024;

/** The limits in a sentence, as the import screen and the API reference state them. */
export const IMPORT_LIMITS_SENTENCE =
  `Up to ${formatByteLimit(MAX_IMPORT_BODY_BYTES)} for a zip, ${formatByteLimit(MAX_TEXT_IMPORT_BYTES)} for a ` +
  "CSV, HTML, JSON or text file.";
