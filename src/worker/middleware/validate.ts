import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import { resolver, uniqueSymbol } from "hono-openapi";
import type { z } from "zod";
import { InvalidInput } from "../domain/errors";

/** Turns the first zod issue into a sentence that names the field and the rule. */
export function describeIssue(error: { issues: readonly z.core.$ZodIssue[] }, target: keyof ValidationTargets): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid request";
  if (issue.path.length === 0) {
    if (issue.code !== "invalid_type") return issue.message;
    return target === "json" ? "Request body must be a JSON object" : `Invalid ${target} parameters`;
  }
  return `${issue.path.join(".")}: ${issue.message}`;
}

/**
 * zValidator with the project's error contract: a 422 `{ detail }` instead of zod's raw issue list.
 *
 * The same schema documents the request: the middleware carries hono-openapi's marker (what its own `validator`
 * attaches), so the OpenAPI document (src/worker/openapi/) lists it as the route's parameters or body. Its input
 * side is documented (`io: "input"`): a query's `page` is the string a client sends, not the number it becomes.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  const middleware = zValidator(target, schema, (result) => {
    if (!result.success) throw new InvalidInput(describeIssue(result.error, target));
  });
  return Object.assign(middleware, { [uniqueSymbol]: { target, ...resolver(schema) } });
}
