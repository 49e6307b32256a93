/**
 * WorkflowStarter in this process: `cairn serve` answers POST /plans at once and runs the plan's
 * workflow in the background, as Step Functions would. Like a Standard workflow it refuses a
 * second execution of the same name (A4); unlike one it forgets names when the process ends.
 */
import type { WorkflowStarter } from '../../core/ports.js';
import type { WorkflowInput } from '../../core/workflow/types.js';

/** What runs a workflow to its end (the local runner). */
export interface WorkflowRunner {
  execute(name: string, input: WorkflowInput): Promise<unknown>;
}

export interface InProcessWorkflowStarterOptions {
  runner: WorkflowRunner;
  /** Told when an execution ends; `failed` when the runner itself threw (the workflow records its own failures). */
  onSettled?: (name: string, outcome: { failed: false } | { failed: true; error: unknown }) => void;
}

export class InProcessWorkflowStarter implements WorkflowStarter {
  readonly deduplicatesByName = true;
  private readonly names = new Set<string>();
  private readonly running = new Map<string, Promise<void>>();

  constructor(private readonly options: InProcessWorkflowStarterOptions) {}

  async start(name: string, input: WorkflowInput): Promise<{ started: boolean }> {
    if (this.names.has(name)) return { started: false };
    this.names.add(name);
    const execution = this.run(name, input).finally(() => this.running.delete(name));
    this.running.set(name, execution);
    return { started: true };
  }

  private async run(name: string, input: WorkflowInput): Promise<void> {
    // Started on the next turn of the event loop: the caller's answer (202) goes out first.
    await new Promise<void>((resolve) => setImmediate(resolve));
    let outcome: { failed: false } | { failed: true; error: unknown };
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
