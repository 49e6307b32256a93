/**
 * WorkflowStarter in this process: `cairn serve` answers POST /plans at once and runs the plan's
 * workflow in the background, as Step Functions would; the CLI starts a plan the same way and
 * waits for it (finished). Like a Standard workflow it refuses a second execution of the same
 * name; unlike one it forgets names when the process ends.
 */
import type { WorkflowStarter } from '../../functions/core/ports.js';
import type { WorkflowInput } from '../../functions/core/workflow/types.js';

/** What runs a workflow to its end (the local runner). */
export interface WorkflowRunner {
  execute(name: string, input: WorkflowInput): Promise<unknown>;
}

/** How an execution ended: `failed` when the runner itself threw (the workflow records its own failures). */
export type ExecutionOutcome = { failed: false } | { failed: true; error: unknown };

export interface InProcessWorkflowStarterOptions {
  runner: WorkflowRunner;
  /** Told when an execution ends. */
  onSettled?: (name: string, outcome: ExecutionOutcome) => void;
}

export class InProcessWorkflowStarter implements WorkflowStarter {
  readonly deduplicatesByName = true;
  private readonly names = new Set<string>();
  private readonly running = new Map<string, Promise<ExecutionOutcome>>();

  constructor(private readonly options: InProcessWorkflowStarterOptions) {}

  async start(name: string, input: WorkflowInput): Promise<{ started: boolean }> {
    if (this.names.has(name)) return { started: false };
    this.names.add(name);
    const execution = this.run(name, input).finally(() => this.running.delete(name));
    this.running.set(name, execution);
    return { started: true };
  }

  private async run(name: string, input: WorkflowInput): Promise<ExecutionOutcome> {
    // Started on the next turn of the event loop: the caller's answer (202) goes out first.
    await new Promise<void>((resolve) => setImmediate(resolve));
    let outcome: ExecutionOutcome;
    try {
      await this.options.runner.execute(name, input);
      outcome = { failed: false };
    } catch (error) {
      outcome = { failed: true, error };
    }
    try {
      this.options.onSettled?.(name, outcome);
    } catch {
      // A listener's fault is not the execution's.
    }
    return outcome;
  }

  /** How the execution `name` ends; undefined when none of that name is under way. */
  finished(name: string): Promise<ExecutionOutcome> | undefined {
    return this.running.get(name);
  }

  /** How many executions are under way. */
  get active(): number {
    return this.running.size;
  }

  /** Resolves once every execution under way has ended (a server closing). */
  async drain(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running.values()]);
  }
}
