// Where `vite build` writes, per kind of build. Plain Node with no dependencies (vite.config.ts and the project
// scripts both read it).
//
// `npm start` and the end-to-end server serve the local build in dist/, and wrangler reloads the app whenever
// dist/ changes. A staging or production build leaves out the local embedder's word vectors (vite.config.ts), so
// it must never land there: `npm run deploy:check` in a checkout where `npm start` is serving would silently swap
// the running app for one without search by meaning, related articles or topics (issue 31 item 6).

/** The local build: what `npm start`, `npm run dev`'s preview and the e2e server serve. */
export const LOCAL_BUILD_DIR = "dist";

/** A deployable build of `environment` (staging, production), kept apart from the local one. */
export function deployBuildDir(environment) {
  return `dist-deploy/${environment}`;
}

/** The Worker configuration the Vite plugin writes into a build folder: what wrangler serves or deploys. */
export function builtConfigPath(buildDir) {
  return `${buildDir}/viberead/wrangler.json`;
}
