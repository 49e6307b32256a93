/**
 * The operator the modality steps share: they run registered tools (`media.transcribe`,
 * `media.caption`): the local registry's read the transcript or caption the corpus carries; an
 * AWS registry's call the services. The step type itself is the permission, so the request's tool
 * allow-list (which governs tool_call) does not apply to them.
 */
import type { RetrievedDocument } from '../types.js';
import { subqueryIdOf } from './documents.js';
import type { StepOperator } from './step.js';

export function mediaOperator(tool: 'media.transcribe' | 'media.caption'): StepOperator {
  return async (step, p, _inputs, ctx) => {
    const args = { ...(p.file !== undefined ? { file: p.file } : {}), ...(p.document_id !== undefined ? { document_id: p.document_id } : {}) };
    const prepared = ctx.tools.prepare(tool, args);
    const out = await prepared.definition.run(prepared.args, { index: ctx.index, signal: ctx.signal });
    const text = String(out.text ?? '');
    const doc = typeof out.document_id === 'string' ? await ctx.index.get(out.document_id) : undefined;
    const retrieved: RetrievedDocument = {
      id: doc?.id ?? `step-${step.step_id}`,
      ...(doc?.title !== undefined ? { title: doc.title } : {}),
      text,
      modality: doc?.modality ?? step.modality,
      score: 1,
      rank: 1,
      subquery_id: subqueryIdOf(step.step_id),
      rank_in_subquery: 1,
    };
    return {
      text,
      ...(doc ? { document_id: doc.id } : {}),
      documents: [retrieved],
      count: 1,
      tool,
      [tool === 'media.transcribe' ? 'transcription_method' : 'captioning_method']: String(out.method ?? tool),
    };
  };
}
