/** The types of cli/build.mjs, which makes the CLI bundle that cli/launch.mjs runs. */

/** Packages the bundle imports from node_modules at run time instead of carrying them. */
export declare const EXTERNAL: readonly string[];

/** Packages the bundle replaces by a stand-in that loads them from node_modules when first used. */
export declare const LOADED_ON_FIRST_USE: readonly string[];

/** The list of the project's files a bundle was made from, in its folder. */
export declare const INPUTS_FILE: string;

/** Builds the bundle of `root` into `<base>/<stamp>`, written under a temporary name and renamed into place. */
export declare function buildBundle(options: { root: string; base: string; stamp: string }): Promise<void>;
