import { exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { api, registerUser } from "./helpers";
import { expectDeclared, type Json, operationsOf, pointer } from "./openapi-helpers";

/**
 * The cases an independent fuzzer of the API found, generated from the document the app serves, so that a route
 * added later is covered without a test written for it: every query parameter of every operation gets values
 * that are not text, and every operation that takes a JSON body gets bodies sent as other types. Each answer must
 * be one the operation declares (never a 500), in the declared shape, naming the parameter.
 */

/** A NUL alone and inside a word; an encoded surrogate (U+D800, which UTF-8 cannot hold); bytes that are not UTF-8. */
const NOT_TEXT = ["%00", "a%00b", "%ED%A0%80", "%FF%FE"];
/** What a plain cross-site form or a careless client sends, and a +json type the API does not document. */
const NOT_JSON: (string | null)[] = [
  "text/plain",
  "application/x-www-form-urlencoded",
  null,
  "application/vnd.api+json",
];

let document: Json;
let token: string;

beforeAll(async () => {
  const served = await api("GET", "/api/openapi.json");
  expect(served.status).toBe(200);
  document = served.body;
  token = (await registerUser()).token;
});

/** The operation's path with each parameter filled in, as a request's URL. */
function urlOf(path: string, query = ""): string {
  return `http://localhost${path.replace(/\{[^}]+\}/g, "1")}${query}`;
}

function queryParameters(operation: Json): string[] {
  return (operation.parameters ?? [])
    .map((parameter: Json) => (parameter.$ref ? (pointer(document, parameter.$ref) as Json) : parameter))
    .filter((parameter: Json) => parameter.in === "query")
    .map((parameter: Json) => parameter.name as string);
}

/** A request as a client sends it, with the user's session (so no route stops at 401 first). */
async function send(
  method: string,
  url: string,
  init: { body?: Uint8Array<ArrayBuffer>; contentType?: string | null } = {},
) {
  const headers = new Headers({ Authorization: `Bearer ${token}` });
  if (init.contentType) headers.set("Content-Type", init.contentType);
  // Bytes, not a string: a string body would get text/plain from the Request itself.
  const response = await exports.default.fetch(
    new Request(url, { method: method.toUpperCase(), headers, body: init.body, redirect: "manual" }),
  );
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the assertion shows the text.
  }
  return { status: response.status, body };
}

describe("query parameters that are not text, in every operation of the document", () => {
  it("answers each with the operation's declared 422 (400 at the OAuth endpoints) naming the parameter", async () => {
    const cases = operationsOf(document).flatMap(({ key, method, path, operation }) =>
      queryParameters(operation).flatMap((name) =>
        NOT_TEXT.map((value) => ({ key, method, path, operation, name, value })),
      ),
    );
    const operations = new Set(cases.map((c) => c.key));
    // Both list routes, the OAuth consent, the export, the share target and /authorize among them.
    expect(operations.size).toBeGreaterThanOrEqual(10);
    for (const { key, method, path, operation, name, value } of cases) {
      const response = await send(method, urlOf(path, `?${name}=${value}`));
      const expected = operation.responses["422"] ? 422 : 400;
      expectDeclared(document, key, response, expected);
      expect((response.body as Json).detail, `${key} ${name}=${value}`).toMatch(new RegExp(`^${name}: `));
    }
    console.log(`query parameters: ${cases.length} requests, ${operations.size} operations`);
  });
});

describe("JSON bodies sent as another type, to every operation that takes JSON", () => {
  it("answers each with the operation's declared 415", async () => {
    const body = new TextEncoder().encode("{}");
    const cases = operationsOf(document)
      .filter(({ operation }) => operation.requestBody?.content?.["application/json"])
      .flatMap(({ key, method, path }) => NOT_JSON.map((contentType) => ({ key, method, path, contentType })));
    const operations = new Set(cases.map((c) => c.key));
    expect(operations.size).toBeGreaterThanOrEqual(20);
    for (const { key, method, path, contentType } of cases) {
      const response = await send(method, urlOf(path), { body, contentType });
      expect(response.status, `${key} as ${contentType ?? "no type"}`).toBe(415);
      expectDeclared(document, key, response, 415);
    }
    console.log(`content types: ${cases.length} requests, ${operations.size} operations`);
  });
});
