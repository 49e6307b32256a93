/** The types of build/sdk-schemas.mjs: literal keys in the AWS SDK clients' schema modules, so esbuild can drop unused shapes. */
import type { Plugin } from 'esbuild';

/** The module's source with each computed key naming one of its top-level string constants written as that string. */
export declare function literalSchemaKeys(source: string): string;

/** The esbuild plugin that applies literalSchemaKeys to every AWS SDK client's schema modules. */
export declare function sdkSchemaKeys(): Plugin;
