import { type Schema, Validator } from "@cfworker/json-schema";
import { expect } from "vitest";

export type Json = Record<string, any>;
export const METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"];

/** The node a local `$ref` (`#/components/...`) points at, or undefined. */
export function pointer(document: Json, ref: string): unknown {
  if (!ref.startsWith("#/")) return undefined;
  return ref
    .slice(2)
    .split("/")
    .map((part) => part.replaceAll("~1", "/").replaceAll("~0", "~"))
    .reduce<any>((node, part) => node?.[part], document);
}

/** Every operation of the document: `get /api/articles` and its object. */
export function operationsOf(document: Json): { key: string; method: string; path: string; operation: Json }[] {
  return Object.entries<Json>(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({
      key: `${method} ${path}`,
      method,
      path,
      operation: item[method],
    })),
  );
}

/**
 * A validator for the JSON body the document declares for `operation` and `status`: the response's schema with the
 * document's component schemas beside it, so its `$ref`s resolve (draft 2020-12, which OpenAPI 3.1 uses).
 */
export function declaredBody(document: Json, operation: string, status: number): Validator {
  const [method, path] = operation.split(" ") as [string, string];
  const declared = document.paths[path]?.[method]?.responses?.[String(status)];
  if (!declared) throw new Error(`${operation} declares no ${status} response`);
  const response = declared.$ref ? (pointer(document, declared.$ref) as Json) : declared;
  const schema = response.content?.["application/json"]?.schema;
  if (!schema) throw new Error(`${operation} ${status} declares no JSON body`);
  const root = JSON.parse(
    JSON.stringify({ ...schema, $defs: document.components.schemas }).replaceAll('"#/components/schemas/', '"#/$defs/'),
  );
  return new Validator(root as Schema, "2020-12", false);
}

/** Asserts that a real response has a status the operation declares and a body that matches its schema. */
export function expectDeclared(
  document: Json,
  operation: string,
  response: { status: number; body: unknown },
  expectedStatus: number,
) {
  expect(response.status, `${operation}: ${JSON.stringify(response.body).slice(0, 300)}`).toBe(expectedStatus);
  const result = declaredBody(document, operation, response.status).validate(response.body);
  const problems = result.errors.map((e) => `${e.instanceLocation} ${e.error}`).slice(0, 8);
  expect(problems, `${operation} ${response.status} does not match its schema`).toEqual([]);
}
