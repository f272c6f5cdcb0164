// Types for the plain-JS fixture server (test/fixtures/fixture-server.mjs) and the value globalSetup provides.

export interface FixtureServer {
  port: number;
  /** e.g. "http://127.0.0.1:41234" */
  origin: string;
  close(): Promise<void>;
}

export interface FixtureServerModule {
  startFixtureServer(options?: { port?: number; corpusDir?: string }): Promise<FixtureServer>;
}

declare module "vitest" {
  export interface ProvidedContext {
    /** Origin of the fixture web server started by test/worker/global-setup.ts. */
    fixtureOrigin: string;
  }
}
