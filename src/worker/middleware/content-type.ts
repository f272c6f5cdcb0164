/**
 * The one JSON type the API takes, as its reference documents: `application/json`, with or without parameters
 * (`; charset=utf-8`). Other `+json` types (`application/vnd.api+json`) are refused with 415 like any other type,
 * so what is taken is what is documented.
 */
const JSON_TYPE = /^application\/json\s*(;|$)/i;

export function isJsonContentType(headers: Headers): boolean {
  return JSON_TYPE.test(headers.get("content-type") ?? "");
}

export const JSON_ONLY_MESSAGE = "Send the request body as JSON (Content-Type: application/json)";
