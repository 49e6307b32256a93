/**
 * The tools a `tool_call` step may call: tools run only from this registry. Each declares a JSON
 * Schema for its arguments, compiled once when it is registered; a call's arguments are validated
 * before the tool runs, and a request may narrow the tools it allows (its allow-list). Names are
 * `service.method`; plans may also write `service_method` (seed 002's registry convention).
 *
 * The corpus tools are the registered tools not marked `network`: they read the corpus (its
 * documents, or the media a document names, through the deployment's own services) or compute
 * locally (`math.evaluate`), reach no other host and change nothing outside the run. A composite is
 * a network tool when any tool it calls is one. A request without a `tools` list may call the
 * corpus tools only; a network tool runs only for a request that lists it.
 */

import { CairnError } from '../errors.js';
import type { SynthesizedTool } from '../learn/types.js';
import type { CompiledValidator } from '../plan/schemas.js';
import type { CorpusIndex } from '../ports.js';
import type { DecompositionPlan, StepOutput, StepType } from '../types.js';

/** Runs a small plan inside the calling step, as the executor runs plans (a composite tool's parts). */
export type SubPlanRunner = (plan: DecompositionPlan) => Promise<{ status: 'succeeded' | 'failed'; outputs: StepOutput[]; error?: string }>;

export interface ToolContext {
  index: CorpusIndex;
  signal: AbortSignal;
  /** Given by a `tool_call` step: a composite tool runs its parts through it. */
  runSubPlan?: SubPlanRunner;
  /** The request's step types, given by a `tool_call` step: a composite checks its parts against them. */
  allowedStepTypes?: readonly StepType[] | undefined;
  /** The tools the request allows (its list, or the corpus tools without one): a composite checks its parts against them. */
  allowedTools?: readonly string[] | undefined;
}

export interface ToolDefinition {
  /** `service.method`. */
  name: string;
  description: string;
  /** JSON Schema (2020-12) of the arguments object. */
  inputSchema: Record<string, unknown>;
  /** The schema compiled at build time (schemas/compile.ts); else the registry's `compile` is used. */
  validate?: CompiledValidator;
  /** A learned composite's definition (its parts and wiring), which planners read to offer it. */
  composite?: SynthesizedTool;
  /**
   * The tool reaches beyond the corpus: another host on the network, or a change outside the run
   * (`http.fetch`). Such a tool runs only for a request that names it in its `tools`, and learning
   * never promotes a composite calling it without a person's approval.
   */
  network?: boolean;
  run(args: Record<string, unknown>, ctx: ToolContext): Promise<Record<string, unknown>>;
}

/** The tool is not registered, or the request does not allow it. Never retried. */
export class ToolNotAllowedError extends CairnError {
  static override readonly errorName: string = 'ToolNotAllowedError';
  static override readonly transient = false;
}
/** The arguments fail the tool's schema; the tool did not run. Never retried. */
export class ToolArgumentsError extends CairnError {
  static override readonly errorName: string = 'ToolArgumentsError';
  static override readonly transient = false;
}
/** The tool ran and its input cannot work (a file the corpus does not hold). Never retried. */
export class ToolInputError extends CairnError {
  static override readonly errorName: string = 'ToolInputError';
  static override readonly transient = false;
}

/** `service_method` and `service.method` name the same tool. */
export function canonicalToolName(name: string): string {
  if (name.includes('.')) return name;
  const at = name.indexOf('_');
  return at > 0 ? `${name.slice(0, at)}.${name.slice(at + 1)}` : name;
}

interface Registered {
  definition: ToolDefinition;
  validate: CompiledValidator;
  /** Marked `network`, or a composite calling a tool that is. */
  network: boolean;
}

export interface ToolRegistryOptions {
  /**
   * Compiles the schema of a tool registered without a precompiled validator. Lambda's registry
   * has none (its tools are compiled at build time, so no code is generated at run time); tests
   * and the benchmarks pass `compileToolSchema`.
   */
  compile?: (schema: Record<string, unknown>) => CompiledValidator;
}

export class ToolRegistry {
  private readonly tools = new Map<string, Registered>();
  /** The corpora a learned composite is offered for, by name; a composite with none is offered for every corpus. */
  private readonly scopes = new Map<string, readonly string[]>();

  constructor(private readonly options: ToolRegistryOptions = {}) {}

  register(definition: ToolDefinition): this {
    if (!/^[a-z][a-z0-9]*\.[a-z][a-z0-9_]*$/.test(definition.name)) {
      throw new CairnError(`tool name ${JSON.stringify(definition.name)} is not of the form service.method`);
    }
    if (this.tools.has(definition.name)) throw new CairnError(`tool ${definition.name} is registered twice`);
    const validate = definition.validate ?? this.options.compile?.(definition.inputSchema);
    if (!validate) throw new CairnError(`tool ${definition.name} has no compiled argument schema, and this registry compiles none`);
    // A composite's parts are registered before it (registerComposites checks), so their marks are known.
    const network =
      definition.network === true ||
      (definition.composite?.steps.some((part) => part.kind === 'tool' && this.tools.get(canonicalToolName(part.tool_id))?.network === true) ?? false);
    this.tools.set(definition.name, { definition, validate, network });
    return this;
  }

  /**
   * Takes a learned composite out (a person demoted it); built-in tools, and composites another
   * composite calls, stay. Returns whether it was removed.
   */
  unregister(name: string): boolean {
    const entry = this.tools.get(name);
    if (entry?.definition.composite === undefined) return false;
    const callers = [...this.tools.values()].some((t) => t.definition.composite?.steps.some((s) => s.kind === 'tool' && canonicalToolName(s.tool_id) === name));
    if (callers) return false;
    this.scopes.delete(name);
    return this.tools.delete(name);
  }

  /** Offers the composite `name` only to plans over these corpora (core/tools/learned.ts: `corpusKeyOf`). */
  scopeTo(name: string, corpora: readonly string[]): void {
    this.scopes.set(name, [...corpora]);
  }

  /** Whether `name` may serve a plan over `corpus`: every tool may, but a composite scoped to other corpora. */
  servesCorpus(name: string, corpus: string): boolean {
    const scope = this.scopes.get(canonicalToolName(name));
    return scope === undefined || scope.includes(corpus);
  }

  names(): string[] {
    return [...this.tools.keys()].sort();
  }

  /** The registered tools that reach the network, composites calling one included. */
  networkTools(): string[] {
    return this.names().filter((n) => this.tools.get(n)!.network);
  }

  /** The corpus tools: every registered tool but the network ones. A request without a tools list may call these. */
  corpusTools(): string[] {
    return this.names().filter((n) => !this.tools.get(n)!.network);
  }

  describe(): Array<{ name: string; description: string; inputSchema: Record<string, unknown> }> {
    return this.names().map((n) => {
      const d = this.tools.get(n)!.definition;
      return { name: d.name, description: d.description, inputSchema: d.inputSchema };
    });
  }

  /** The learned composites registered, by name. */
  composites(): SynthesizedTool[] {
    return this.names().flatMap((n) => {
      const composite = this.tools.get(n)?.definition.composite;
      return composite ? [composite] : [];
    });
  }

  /**
   * Resolves a tool for a call: registered, allowed by the request (when it gives a list), and
   * with arguments that pass its schema. Throws before anything runs otherwise.
   */
  prepare(name: string, args: unknown, allowed?: readonly string[]): { definition: ToolDefinition; args: Record<string, unknown> } {
    const canonical = canonicalToolName(name);
    const entry = this.tools.get(canonical);
    if (!entry) throw new ToolNotAllowedError(`tool ${name} is not registered (registered: ${this.names().join(', ') || 'none'})`);
    if (allowed !== undefined && !allowed.map(canonicalToolName).includes(canonical)) {
      throw new ToolNotAllowedError(`tool ${canonical} is not in this request's allow-list [${allowed.join(', ')}]`);
    }
    const value = args ?? {};
    if (!entry.validate(value)) {
      const problems = (entry.validate.errors ?? []).map(
        (e) =>
          `${e.instancePath ? `args${e.instancePath.replaceAll('/', '.')}` : 'args'}: ${e.message ?? 'invalid'}${e.params && 'additionalProperty' in e.params ? ` '${String(e.params.additionalProperty)}'` : ''}${e.params && 'missingProperty' in e.params && !String(e.message).includes(String(e.params.missingProperty)) ? ` '${String(e.params.missingProperty)}'` : ''}`,
      );
      throw new ToolArgumentsError(`arguments of ${canonical} fail its schema: ${problems.join('; ')}`);
    }
    return { definition: entry.definition, args: value as Record<string, unknown> };
  }
}
