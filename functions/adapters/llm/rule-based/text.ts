/** The text analysis the rule-based planner reads tasks with lives beside the answer's, in the core. */
export * from '../../../core/answer/text.js';
