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
