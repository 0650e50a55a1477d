import type { Plugin } from "esbuild";

/** `npm run build` (see build.mjs): astro build, the services bundle, the build stamp. */
export declare function build(): boolean;
/** The services bundled to `outfile` with esbuild `plugins` (tests only). */
export declare function bundleServicesVariant(options: {
  outfile: string;
  plugins: ReadonlyArray<Plugin>;
}): Promise<unknown>;
