/** The types of cli/stand-in.mjs: the source of a module that loads the real one on first use. */
export declare function standInModule(options: {
  load: string;
  keys: readonly string[];
  copied?: Readonly<Record<string, unknown>>;
  callable?: boolean;
}): string;

/** The data of a built-in that a stand-in carries rather than loads: its `constants`, when it has some. */
export declare function builtinCopied(builtin: Readonly<Record<string, unknown>>): Record<string, unknown>;
