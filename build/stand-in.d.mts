/** The types of build/stand-in.mjs: the source of a module that loads the real one on first use. */
export declare function standInModule(options: {
  load: string;
  keys: readonly string[];
  copied?: Readonly<Record<string, unknown>>;
  callable?: boolean;
}): string;

/** The CommonJS source a bundle reaches built-in `name` through: the built-in itself, or with `onFirstUse` a stand-in that loads it when first read. */
export declare function builtinModuleSource(name: string, options?: { onFirstUse?: boolean }): string;

/** The esbuild plugin that makes a bundle reach Node's built-ins through CommonJS; `onFirstUse` names those given stand-ins. */
export declare function builtinsThroughCommonJs(onFirstUse?: readonly string[]): import('esbuild').Plugin;

/** The names Cairn's code and its dependencies import from each package that a bundle loads on first use. */
export declare const NAMES_IMPORTED: Readonly<
  Record<'@aws-sdk/client-s3' | '@aws-sdk/client-sfn' | '@aws-sdk/client-lambda' | '@aws-sdk/credential-providers', readonly string[]>
>;

/** The names bundled `code` reads from the stand-in of `packageName` that `names` leaves out, and whether it reads any. */
export declare function namesRead(code: string, packageName: string, names: readonly string[]): { any: boolean; unlisted: string[] };
