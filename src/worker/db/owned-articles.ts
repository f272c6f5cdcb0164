import { and, inArray, type SQL, sql } from "drizzle-orm";
import { articles } from "./schema";

/**
 * The user's articles among `ids`, found by their ids. Without statistics SQLite takes `user_id = ?` for the more
 * selective term and reads the user's whole list index to find a handful of ids (2.7 ms for 50 ids in a library
 * of 50,000, against 0.1 ms by id); the unary + leaves the user filter as a check on each row found by id.
 */
export function ownedArticles(userId: number, ids: readonly number[]): SQL {
  return and(sql`+${articles.userId} = ${userId}`, inArray(articles.id, [...ids])) as SQL;
}
