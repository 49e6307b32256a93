/**
 * Seed 001's synthesis prompt: the chain, the parameter analysis and sample executions, then the
 * requirements; and the correction prompt that carries the validation errors back.
 */
import { chainSamples } from './analyze.js';
import type { MinedChain, ParameterAnalysis, Session } from './types.js';

export const SYNTHESIS_SYSTEM =
  'You are a tool composition engine for Cairn, a planner that runs plans of typed steps. You answer with one JSON object and nothing else.';

const OUTPUT_SUMMARY_CHARS = 300;

function summary(value: unknown): string {
  if (value === undefined) return '(none)';
  const text = JSON.stringify(value) ?? '';
  return text.length > OUTPUT_SUMMARY_CHARS ? `${text.slice(0, OUTPUT_SUMMARY_CHARS)}...` : text;
}

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** The synthesis prompt for `chain`, with up to `maxSamples` sample executions (newest first). */
export function synthesisPrompt(input: {
  chain: Pick<MinedChain, 'key' | 'symbols' | 'support' | 'confidence' | 'avgLatencyMs'>;
  analysis: ParameterAnalysis;
  sessions: readonly Session[];
  maxSamples: number;
  maxParallelSteps: number;
  tools: readonly string[];
  stepTypes: readonly string[];
}): string {
  const { chain, analysis } = input;
  const external = analysis.findings.filter((f) => f.class === 'external' || f.class === 'ambiguous');
  const lines: string[] = [
    'Given a frequently-observed chain of steps, generate a composite tool definition that replaces the chain with a single tool.',
    '',
    '## Chain Definition',
    `Tools: ${chain.symbols.join(' → ')}`,
    `Support: ${round(chain.support, 4)} (${round(chain.support * 100, 1)}% of sessions)`,
    `Confidence: ${round(chain.confidence, 4)}`,
    `Avg Latency: ${Math.round(chain.avgLatencyMs)}ms`,
    '',
    '## Parameter Analysis',
    'External parameters (expose to caller):',
    ...external.map(
      (f) => `- ${f.parameter ?? f.key}: ${f.type} (from step ${f.step} input ${f.key})${f.class === 'ambiguous' ? ` [ambiguous: ${f.reason}]` : ''}`,
    ),
    '',
    'Internal wiring (connect between steps):',
    ...analysis.wires.map((w) => `- Step ${w.fromStep}.output.${w.fromPath} → Step ${w.toStep}.input.${w.toKey}`),
    ...analysis.findings
      .filter((f) => f.class === 'internal' && (f.template !== undefined || f.from?.path === ''))
      .map((f) => `- Step ${f.step}.input.${f.key} = ${JSON.stringify(f.template ?? f.value)} (a reference to earlier sub-steps; keep it as a constant)`),
    '',
    'Constants (hardcode):',
    ...analysis.findings.filter((f) => f.class === 'constant').map((f) => `- Step ${f.step}.input.${f.key} = ${JSON.stringify(f.value)}`),
    '',
    'Data dependencies (sub-step: the sub-steps it needs):',
    ...analysis.dependsOn.map((deps, i) => `- Step ${i}: ${deps.length > 0 ? deps.join(', ') : 'none'}`),
  ];
  if (analysis.disagreements.length > 0) lines.push('', 'Samples that disagree:', ...analysis.disagreements.map((d) => `- ${d}`));
  lines.push('', '## Sample Executions');
  chainSamples(chain.symbols, input.sessions)
    .slice(0, input.maxSamples)
    .forEach((sample, k) => {
      lines.push(`### Sample ${k + 1} (session: ${sample.session.sessionId})`);
      sample.steps.forEach((step, i) => {
        lines.push(
          `Step ${i}: ${step.symbol}`,
          `  Input: ${JSON.stringify(step.input)}`,
          `  Output: ${summary(step.output)}`,
          `  Outcome: ${step.status === 'succeeded' ? 'SUCCESS' : `FAILURE (${step.error ?? step.status})`}`,
          `  Latency: ${step.latencyMs}ms`,
        );
      });
    });
  lines.push(
    '',
    '## Requirements',
    '1. Generate a JSON object conforming to the SynthesizedTool schema.',
    '2. The `parameters` field must be valid JSON Schema Draft 2020-12: an object schema whose properties are the external parameters.',
    '3. The `internal_wiring` must map every internal connection identified above; sub-step i runs as step id i + 1, so templates and references in `constants` use step_<i+1>.',
    '4. The `error_strategy` must address observed failure modes from the samples.',
    `5. Mark steps that can run in parallel in \`parallel_groups\` (max ${input.maxParallelSteps} concurrent, never two steps where one needs the other's data).`,
    '6. Generate a human-readable `tool_id` slug from the tool names, as `learned.<slug>`.',
    '7. Generate a clear `description` summarizing what the composite tool does.',
    `8. A sub-step of kind "tool" names one of these tools: ${input.tools.join(', ') || '(none)'}; a sub-step of kind "step" names one of these step types: ${input.stepTypes.filter((t) => t !== 'tool_call').join(', ')}.`,
    `9. Set \`source_chain\` to ${JSON.stringify(chain.key)} and \`output_step\` to the sub-step whose output the chain ends with.`,
  );
  return lines.join('\n');
}

/** The correction prompt after a response failed validation. */
export function correctionPrompt(errors: readonly string[]): string {
  return `The previous response had validation errors:\n${errors.join('\n')}\n\nPlease correct the output and return a valid SynthesizedTool definition.`;
}
