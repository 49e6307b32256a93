/**
 * A plan as a user writes it, in JSON or YAML, read into a value for validatePlan; and the
 * findings printed one per line.
 */
import { LineCounter, parseDocument } from 'yaml';

import { InvalidInputError, oneLine } from '../errors.js';
import type { ValidationIssue } from '../types.js';
import { nestingMessage } from './depth.js';

/**
 * JSON, or YAML when the name ends in .yaml/.yml or the text is not JSON. YAML must hold a mapping
 * or a list: nearly any text is a YAML scalar, so a lone scalar means the text was neither. (Any
 * JSON value is returned as is; validatePlan says what is wrong with it.)
 * Throws InvalidInputError with one line naming the file and the problem.
 */
export function parsePlanText(text: string, fileName = 'input'): unknown {
  if (/\.ya?ml$/i.test(fileName)) {
    const value = parseYaml(text, fileName, 'not valid YAML');
    if (!isCollection(value)) throw new InvalidInputError(`${fileName}: not a YAML mapping or list (found ${describe(value)})`);
    return value;
  }
  if (text.trim() === '') throw new InvalidInputError(`${fileName}: not JSON or YAML (the text is empty)`);
  let jsonProblem: string;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    jsonProblem = oneLine(error);
  }
  const notEither = (cause: unknown): InvalidInputError => new InvalidInputError(`${fileName}: not JSON or YAML (${jsonProblem})`, { cause });
  let value: unknown;
  try {
    value = parseYaml(text, fileName, 'not JSON or YAML');
  } catch (error) {
    // Text shaped like JSON is reported with the JSON parser's message, which is the one that helps.
    if (/^\s*[[{]/.test(text)) throw notEither(error);
    throw error;
  }
  if (!isCollection(value)) throw notEither(undefined);
  return value;
}

function parseYaml(text: string, fileName: string, what: string): unknown {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { prettyErrors: false, lineCounter });
  const [problem] = document.errors;
  if (problem !== undefined) {
    const { line, col } = lineCounter.linePos(problem.pos[0]);
    // The library's own wording for this one names its API, which means nothing to a user.
    const reason = problem.code === 'MULTIPLE_DOCS' ? 'more than one document' : readerProblem(problem.message);
    throw new InvalidInputError(`${fileName}: ${what} (line ${line}, column ${col}: ${reason})`, { cause: problem });
  }
  try {
    return document.toJS({ maxAliasCount: 100 }) as unknown;
  } catch (error) {
    // The YAML library recurses while it reads and converts: too deep a document runs out of stack there.
    if (error instanceof RangeError) throw new InvalidInputError(`${fileName}: ${what} (it ${nestingMessage()})`, { cause: error });
    throw error;
  }
}

/** The YAML library's message, with its stack overflow on deep nesting said as what it means. */
function readerProblem(message: string): string {
  return /maximum call stack/i.test(message) ? `it ${nestingMessage()}` : oneLine(message);
}

function isCollection(value: unknown): boolean {
  return typeof value === 'object' && value !== null;
}

function describe(value: unknown): string {
  return value === null || value === undefined ? 'nothing' : `a ${typeof value}`;
}

/** One issue per line: `path: message`. */
export function formatIssues(issues: readonly Pick<ValidationIssue, 'path' | 'message'>[]): string {
  return issues.map((issue) => `${issue.path}: ${issue.message}`).join('\n');
}
