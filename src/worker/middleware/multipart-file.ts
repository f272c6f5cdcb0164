import { AppError, InvalidInput } from "../domain/errors";

/** A file sent as multipart/form-data in the field `file`, with the rest of its form. */
export interface MultipartFile {
  form: FormData;
  bytes: Uint8Array;
  /** The name the client gave it (at most 255 characters), or null. */
  name: string | null;
  /** The type the client declared, or null: a hint only, the content decides. */
  type: string | null;
}

/**
 * Reads an upload (documents, imports): multipart/form-data with the file in `file`. 415 for another body, 400 for
 * a form that cannot be read, 422 naming `what` when the field is missing.
 */
export async function readMultipartFile(request: Request, what: string): Promise<MultipartFile> {
  if (!/^multipart\/form-data\b/i.test(request.headers.get("content-type") ?? "")) {
    throw new AppError(415, "Send the file as multipart/form-data, in a field named file");
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new AppError(400, "The upload could not be read as multipart/form-data");
  }
  const file = form.get("file");
  if (!(file instanceof File)) throw new InvalidInput(`file: attach ${what} in a field named file`);
  return {
    form,
    bytes: new Uint8Array(await file.arrayBuffer()),
    name: file.name ? file.name.slice(0, 255) : null,
    type: file.type || null,
  };
}
