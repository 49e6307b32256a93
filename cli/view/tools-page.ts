/**
 * The page of the learned tools (`/ui/tools`), as HTML from GET /tools: each tool with its status,
 * support, replay report, the chain it replaces and the corpora it was learned on, and the
 * decisions its status allows (promote or reject a TESTING tool, demote a PROMOTED one). Pure:
 * the browser renders with it, tests read it.
 */
import { esc } from './html.js';

/** A tool as GET /tools shows it (core/tools/learned.ts `toolView`), the fields this page reads. */
export interface ToolRow {
  id: string;
  status: string;
  description?: string;
  chain: string;
  figures: { support?: number; meanSimilarity?: number; minSimilarity?: number; latencyRatio?: number; sessions?: number };
  report?: { status?: string; sessionsReplayed?: number; similarity?: { mean: number; threshold: number }; latency?: { ratio: number }; reasons?: string[] };
  problems?: string[];
  corpora?: string[];
  updatedAt: string;
}

const pct = (x: number | undefined) => (x === undefined ? '–' : `${(x * 100).toFixed(1)}%`);
const fixed = (x: number | undefined, digits: number) => (x === undefined ? '–' : x.toFixed(digits));

/** The buttons a tool's status allows; each names its decision (and a demotion where it goes). */
function actionsHtml(tool: ToolRow): string {
  const button = (decision: string, label: string, to?: string) =>
    `<button type="button" class="decide decide-${esc(decision)}${to ? `-${esc(to.toLowerCase())}` : ''}" data-tool-id="${esc(tool.id)}" data-decision="${esc(decision)}"${to ? ` data-to="${esc(to)}"` : ''}>${esc(label)}</button>`;
  if (tool.status === 'TESTING') return button('promote', 'promote') + button('reject', 'reject');
  if (tool.status === 'PROMOTED') return button('demote', 'demote to testing', 'TESTING') + button('demote', 'demote and reject', 'REJECTED');
  return '';
}

function reportHtml(tool: ToolRow): string {
  const r = tool.report;
  if (r === undefined) return `<span class="muted">${esc(tool.problems?.[0] ?? 'no replay')}</span>`;
  const parts = [
    `${esc(r.status ?? '')}`,
    `${esc(r.sessionsReplayed ?? 0)} session(s) replayed`,
    r.similarity ? `similarity ${esc(fixed(r.similarity.mean, 3))} (≥ ${esc(r.similarity.threshold)})` : '',
    r.latency ? `latency ×${esc(fixed(r.latency.ratio, 2))}` : '',
  ].filter(Boolean);
  const why = (r.reasons ?? []).length > 0 ? `<br><span class="muted">${esc((r.reasons ?? []).join('; '))}</span>` : '';
  return `${parts.join(' · ')}${why}`;
}

const corporaHtml = (corpora: string[] | undefined) =>
  corpora === undefined ? '<span class="muted">any corpus</span>' : corpora.map((c) => `<code>${esc(c || 'the default corpus')}</code>`).join(' ');

export function toolsPageHtml(tools: readonly ToolRow[]): string {
  const head = '<h1>Learned tools</h1><p class="crumbs"><a href="/">← all plans</a></p>';
  if (tools.length === 0) return `${head}<p class="empty">No learned tools yet: <code>npm start -- learn</code> after some plans have run.</p>`;
  const rows = tools.map((t) =>
    [
      `<tr class="tool-row" data-tool-id="${esc(t.id)}" data-status="${esc(t.status)}">`,
      `<td><span class="badge tool-${esc(t.status.toLowerCase())}">${esc(t.status)}</span></td>`,
      `<td><div class="mono">${esc(t.id)}</div><div class="small muted">${esc(t.description ?? '')}</div></td>`,
      `<td class="num">${esc(pct(t.figures.support))}</td>`,
      `<td class="small">${reportHtml(t)}</td>`,
      `<td class="small mono chain">${esc(t.chain)}</td>`,
      `<td class="small corpora">${corporaHtml(t.corpora)}</td>`,
      `<td class="actions">${actionsHtml(t)}</td>`,
      '</tr>',
    ].join(''),
  );
  return [
    head,
    '<p id="tool-error" class="error-box" hidden></p>',
    '<table class="plans tools"><thead><tr><th>status</th><th>tool</th><th>support</th><th>replay</th><th>replaces</th><th>learned on</th><th></th></tr></thead>',
    `<tbody>${rows.join('')}</tbody></table>`,
  ].join('');
}
