// Types for scripts/build-dirs.mjs (plain Node, so it runs before anything is compiled).

export const LOCAL_BUILD_DIR: string;
export function deployBuildDir(environment: string): string;
export function builtConfigPath(buildDir: string): string;
