/** The types of cli/stand-in.mjs: the source of a module that loads the real one on first use. */
export declare function standInModule(options: {
  load: string;
  keys: readonly string[];
  copied?: Readonly<Record<string, unknown>>;
  callable?: boolean;
}): string;

/** The data of a built-in that a stand-in carries rather than loads: its `constants`, when it has some. */
export declare function builtinCopied(builtin: Readonly<Record<string, unknown>>): Record<string, unknown>;

/** The names Cairn's code and its dependencies import from each package that a bundle loads on first use. */
export declare const NAMES_IMPORTED: Readonly<
  Record<'@aws-sdk/client-s3' | '@aws-sdk/client-sfn' | '@aws-sdk/client-lambda' | '@aws-sdk/credential-providers', readonly string[]>
>;

/** The names bundled `code` reads from the stand-in of `packageName` that `names` leaves out, and whether it reads any. */
export declare function namesRead(code: string, packageName: string, names: readonly string[]): { any: boolean; unlisted: string[] };
