/**
 * The first plan's prompt. Placeholders: {{task}}, {{maxSteps}}; sections shown only when
 * set: {{#examples}} (few-shot plans of earlier tasks), {{#context}}, {{#analysis}}, {{#constraints}}.
 */
export const planTemplate = `{{#examples}}Valid plans written for earlier, similar tasks:

{{examples}}

{{/examples}}Task: {{task}}{{#context}}

Context: {{context}}{{/context}}{{#analysis}}

Analysis: {{analysis}}{{/analysis}}{{#constraints}}

Constraints: {{constraints}}{{/constraints}}

Use at most {{maxSteps}} steps. Explain your reasoning briefly, then give the plan as one JSON object {"plan": [...], "traceability": true} in a \`\`\`json block.`;
