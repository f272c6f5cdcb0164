import { drizzle } from "drizzle-orm/d1";
import { storableText } from "../domain/valid-text";
import * as schema from "./schema";

export type Database = ReturnType<typeof createDatabase>;

export function createDatabase(d1: D1Database) {
  return drizzle(withStorableText(d1), { schema });
}

/**
 * The database with every string bound to a statement made storable text (domain/valid-text.ts): no NULs, lone
 * surrogates as U+FFFD. Text reaches the tables from requests, fetched and uploaded pages, imports and mail, and
 * every write (and lookup) passes here, so none of them can store a NUL or hand one to an FTS5 MATCH.
 */
function withStorableText(d1: D1Database): D1Database {
  return delegate(d1, {
    prepare(query: string) {
      const statement = d1.prepare(query);
      return delegate(statement, {
        bind: (...values: unknown[]) =>
          statement.bind(...values.map((value) => (typeof value === "string" ? storableText(value) : value))),
      });
    },
  });
}

/** `target` with `overrides` in place of some of its methods; its own methods stay bound to it. */
function delegate<T extends object>(target: T, overrides: Partial<T>): T {
  return new Proxy(target, {
    get(object, property) {
      if (property in overrides) return overrides[property as keyof T];
      const value = Reflect.get(object, property, object);
      return typeof value === "function" ? value.bind(object) : value;
    },
  });
}
