/** The prompt of an answer (an llm_call step, or the final answer). Placeholders: {{instruction}}, {{sources}}, {{question}}. */
export const answerTemplate = `{{instruction}}

Answer only from these sources and cite each claim with its source id in brackets, like [doc-1].

Sources:
{{sources}}

Question: {{question}}`;
