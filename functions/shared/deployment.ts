/**
 * The memory the stack gives its functions, in one place: infra deploys with it (CairnFunction's
 * default, the workflow's Execute), and a plan's cost is estimated at it (core/workflow/plan-cost.ts).
 */

/** Every function's memory unless named below, in MB. */
export const FUNCTION_MEMORY_MB = 1024;

/** Execute's memory: opening and searching the local engine's index of 100k documents peaks below it (bench:execute-memory). */
export const EXECUTE_MEMORY_MB = 2048;

/** The workflow's Task states whose function has other memory than FUNCTION_MEMORY_MB. */
export const WORKFLOW_MEMORY_MB: Readonly<Record<string, number>> = { Execute: EXECUTE_MEMORY_MB };
