/** The repair prompt. Placeholders: {{attempt}}, {{task}}, {{previousAnswer}}, {{errors}}. */
export const repairTemplate = `Attempt {{attempt}}. Your previous plan for this task is not valid.

Task: {{task}}

Previous answer:
{{previousAnswer}}

Validation errors (every one must be fixed):
{{errors}}

Give the corrected plan as one JSON object {"plan": [...], "traceability": true} in a \`\`\`json block.`;
