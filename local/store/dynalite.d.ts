// dynalite ships no types; this declares the part Cairn uses (see node_modules/dynalite/index.js).
declare module 'dynalite' {
  import type { Server } from 'node:http';

  interface DynaliteOptions {
    /** LevelDB folder; in memory when absent. */
    path?: string;
    createTableMs?: number;
    deleteTableMs?: number;
    updateTableMs?: number;
    maxItemSizeKb?: number;
    verbose?: boolean;
    debug?: boolean;
    ssl?: boolean;
  }

  function dynalite(options?: DynaliteOptions): Server;
  export default dynalite;
}

// The parts of dynalite's internals that transactions.ts builds TransactWriteItems from.
declare module 'dynalite/db/index.js' {
  /** An error as dynalite's operations answer it: the HTTP status and the DynamoDB error body. */
  export interface DynaliteError extends Error {
    statusCode: number;
    body: { __type: string; message?: string; [field: string]: unknown };
  }
  export interface DynaliteTable {
    TableName: string;
    KeySchema: { AttributeName: string; KeyType: 'HASH' | 'RANGE' }[];
  }
  type Callback<T> = (error: (Error & { name: string }) | null | undefined, value?: T) => void;
  export interface DynaliteStore {
    /** The LevelDB under every table (abstract-level): it starts opening its folder, and taking the folder's lock, as it is built. */
    db: { open(): Promise<void> };
    getTable(name: string, cb: Callback<DynaliteTable>): void;
    getItemDb(name: string): {
      get(key: string, cb: Callback<Record<string, unknown>>): void;
      put(key: string, item: Record<string, unknown>, cb: (error?: Error | null) => void): void;
      del(key: string, cb: (error?: Error | null) => void): void;
    };
  }
  export type DynaliteAction = (store: DynaliteStore, data: Record<string, unknown>, cb: Callback<unknown>) => void;
  const db: {
    create(options: object): DynaliteStore;
    validationError(message: string): DynaliteError;
    validateItem(item: Record<string, unknown>, table: DynaliteTable): DynaliteError | undefined | null;
    validateKey(key: Record<string, unknown>, table: DynaliteTable): DynaliteError | undefined | null;
    validateUpdates(attributeUpdates: unknown, updates: unknown, table: DynaliteTable): DynaliteError | undefined | null;
    createKey(item: Record<string, unknown>, table: DynaliteTable): string;
    checkConditional(data: Record<string, unknown>, existing: Record<string, unknown> | undefined): DynaliteError | undefined | null;
    updateIndexes(
      store: DynaliteStore,
      table: DynaliteTable,
      existing: Record<string, unknown> | undefined,
      item: Record<string, unknown> | undefined,
      cb: (error?: Error | null) => void,
    ): void;
  };
  export default db;
}

declare module 'dynalite/validations/index.js' {
  const validations: {
    checkTypes(data: Record<string, unknown>, types: object): Record<string, unknown>;
    checkValidations(data: Record<string, unknown>, types: object, custom: unknown, store: unknown): void;
  };
  export default validations;
}

declare module 'dynalite/validations/putItem.js' {
  export const types: object;
  export const custom: unknown;
}
declare module 'dynalite/validations/updateItem.js' {
  export const types: object;
  export const custom: unknown;
}
declare module 'dynalite/validations/deleteItem.js' {
  export const types: object;
  export const custom: unknown;
}
declare module 'dynalite/actions/putItem.js' {
  import type { DynaliteAction } from 'dynalite/db/index.js';

  const action: DynaliteAction;
  export default action;
}
declare module 'dynalite/actions/updateItem.js' {
  import type { DynaliteAction } from 'dynalite/db/index.js';

  const action: DynaliteAction;
  export default action;
}
declare module 'dynalite/actions/deleteItem.js' {
  import type { DynaliteAction } from 'dynalite/db/index.js';

  const action: DynaliteAction;
  export default action;
}
