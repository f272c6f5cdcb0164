// Runs once in Node before the worker tests: starts the fixture web server (test/fixtures/fixture-server.mjs)
// on a free port and hands its origin to the tests, which run inside workerd, via provide/inject.
import type { TestProject } from "vitest/node";
import type { FixtureServerModule } from "./fixture-server";

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // A computed specifier keeps the plain-JS server out of the TypeScript program; the type comes from ./fixture-server.d.ts.
  const specifier = new URL("../fixtures/fixture-server.mjs", import.meta.url).href;
  const { startFixtureServer } = (await import(specifier)) as FixtureServerModule;
  const server = await startFixtureServer();
  project.provide("fixtureOrigin", server.origin);
  return () => server.close();
}
