/**
 * LanceDB's native runtime, configured before the module is loaded. With its CPU pool at two
 * threads (its default on a two-core machine) the full-text index build of LanceDB 0.31 waits
 * forever past some size: at 100k documents every thread parks on a channel and the build never
 * returns; with four it takes seconds. A pool of at least four threads is set unless the
 * environment already names one.
 */
import { availableParallelism } from 'node:os';

process.env.LANCE_CPU_THREADS ??= String(Math.max(4, availableParallelism()));
