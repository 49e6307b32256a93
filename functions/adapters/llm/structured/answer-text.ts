/**
 * A structured answer (a tool call's input, a JSON-only response) as the text the planner reads:
 * the reasoning as prose, then the JSON in a fenced block, the way a model writes when it answers
 * in prose. JSON extraction then keeps the reasoning apart exactly as for a prose answer, and a
 * repair prompt shows the model its previous answer in the same shape.
 */

/** `input` as planner text; `prose` is any text the model wrote beside the structured part. */
export function structuredAnswerText(input: unknown, prose = ''): string {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return joinProse(prose, JSON.stringify(input));
  const { reasoning, ...rest } = input as Record<string, unknown>;
  for (const [key, value] of Object.entries(rest)) {
    // Models sometimes send a nested list or object as a JSON string; the schema wants the value.
    if (typeof value === 'string' && /^\s*[[{]/.test(value)) {
      try {
        const parsed: unknown = JSON.parse(value);
        if (typeof parsed === 'object' && parsed !== null) rest[key] = parsed;
      } catch {
        // Not JSON after all: validation will say what is wrong with the string.
      }
    }
  }
  const why = [prose.trim(), typeof reasoning === 'string' ? reasoning.trim() : ''].filter((t) => t !== '').join('\n\n');
  if (typeof reasoning !== 'string' && reasoning !== undefined) rest.reasoning = reasoning;
  return joinProse(why, `\`\`\`json\n${JSON.stringify(rest)}\n\`\`\``);
}

function joinProse(prose: string, json: string): string {
  return prose.trim() === '' ? json : `${prose.trim()}\n\n${json}`;
}
