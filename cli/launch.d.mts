/** The types of cli/launch.mjs (plain JavaScript, so that starting `cairn` needs no TypeScript loader). */

/** The folder of the project the launcher belongs to. */
export declare const ROOT: string;

/** Where the bundles of `root` live: `<root>/.cairn/build`. */
export declare function buildRoot(root?: string): string;

/** The pointer to the bundle used last (`<root>/.cairn/build-current.json`), with the state of the files it was made from. */
export declare function currentFile(root?: string): string;

/** A hash of the path, size and modification time of every file the bundle is made from. */
export declare function sourceStamp(root?: string): string;

/** The entry file of the bundle for the sources as they are now, built first when there is none. */
export declare function ensureBundle(options?: { root?: string; log?: (line: string) => void }): Promise<string>;
