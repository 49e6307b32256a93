/** The analysis prompt. Placeholders: {{analysisSchema}}, {{task}}. */
export const analysisTemplate = `Analyse this task before planning. Answer with one JSON object that follows this schema:
{{analysisSchema}}

Task: {{task}}`;
