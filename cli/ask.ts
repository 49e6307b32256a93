/**
 * A plan's question in the terminal: described for a reader (and how to answer it later), and
 * asked field by field, one prompt per field of its schema, until the answer fits the schema.
 */
import { createInterface } from 'node:readline/promises';
import { InvalidInputError } from '../functions/core/errors.js';
import { type AnswerField, type AnswerSchema, answerFields, parseFieldInput, validateAnswer } from '../functions/core/steps/answer-schema.js';
import type { PlanQuestion } from '../functions/core/types.js';

/** One field as a prompt names it: its title or name, its type, its choices or bounds, and whether it may be left empty. */
export function fieldHint(name: string, field: AnswerField, required: boolean): string {
  const parts: string[] = [field.type];
  if (field.enum) parts.push(`one of ${field.enum.map(String).join(' | ')}`);
  if (field.minimum !== undefined || field.maximum !== undefined) parts.push(`${field.minimum ?? '…'} to ${field.maximum ?? '…'}`);
  if (field.default !== undefined) parts.push(`default ${String(field.default)}`);
  if (!required) parts.push('optional');
  return `${field.title ?? name} (${parts.join(', ')})`;
}

/** The question as text: the message, one line per field, and the command that answers it. */
export function describeQuestion(planId: string, question: PlanQuestion): string {
  const schema = question.schema as unknown as AnswerSchema;
  const required = new Set(schema.required ?? []);
  const lines = [`Question (step ${question.step_id}): ${question.message}`];
  for (const [name, field] of answerFields(schema)) {
    lines.push(`  ${name}: ${fieldHint(name, field, required.has(name))}${field.description ? ` · ${field.description}` : ''}`);
  }
  const example = Object.fromEntries(answerFields(schema).map(([name, field]) => [name, exampleValue(field)]));
  lines.push(`Answer: npm start -- answer ${planId} --json '${JSON.stringify(example)}'`);
  return lines.join('\n');
}

function exampleValue(field: AnswerField): unknown {
  if (field.default !== undefined) return field.default;
  if (field.enum?.[0] !== undefined) return field.enum[0];
  if (field.type === 'boolean') return true;
  if (field.type === 'number' || field.type === 'integer') return field.minimum ?? 1;
  return '…';
}

/**
 * Asks each field in turn on `input`/`output` (a terminal) and returns an answer valid against the
 * schema; an answer that is not is explained, problem by problem, and the question asked again.
 * Ending the input (Ctrl-D) gives up with an error: the plan keeps waiting.
 */
export async function askInTerminal(
  question: PlanQuestion,
  io: { input: NodeJS.ReadableStream; output: NodeJS.WritableStream },
): Promise<Record<string, unknown>> {
  const schema = question.schema as unknown as AnswerSchema;
  const required = new Set(schema.required ?? []);
  const rl = createInterface({ input: io.input, output: io.output, terminal: (io.output as { isTTY?: boolean }).isTTY === true });
  let closed = false;
  rl.on('close', () => {
    closed = true;
  });
  try {
    io.output.write(`\n${question.message}\n`);
    for (;;) {
      const answer: Record<string, unknown> = {};
      for (const [name, field] of answerFields(schema)) {
        if (closed) throw new InvalidInputError('no answer given: the plan is still waiting for one');
        const typed = await rl.question(`  ${fieldHint(name, field, required.has(name))}: `);
        const value = parseFieldInput(field, typed);
        if (value !== undefined) answer[name] = value;
      }
      const issues = validateAnswer(schema, answer);
      if (issues.length === 0) return answer;
      io.output.write(`${issues.map((i) => `  ${i.path.slice(1) || 'answer'}: ${i.message}`).join('\n')}\nPlease answer again.\n`);
    }
  } catch (error) {
    if (closed) throw new InvalidInputError('no answer given: the plan is still waiting for one');
    throw error;
  } finally {
    rl.close();
  }
}
