/**
 * A timeline of a run, from its trace: the workflow's phases on the first row, then one row per
 * step with a bar from its start to its end (still growing while it runs); a skipped step is a
 * mark at the moment it was skipped. Pure: browser and tests.
 */
import { type Activity, elapsedMs, formatDuration, PHASE_NAMES } from './activity.js';
import { esc, px } from './html.js';
import { clip } from './step-label.js';

const LABEL_WIDTH = 190;
const PLOT_WIDTH = 600;
/** Room right of the plot for the last bar's note. */
const NOTE_WIDTH = 300;
const ROW = 24;
const AXIS = 26;

function ticks(totalMs: number): number[] {
  const steps = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 30_000, 60_000, 120_000, 300_000];
  const step = steps.find((s) => totalMs / s <= 6) ?? 600_000;
  const out: number[] = [];
  for (let t = 0; t <= totalMs + 1e-9; t += step) out.push(t);
  return out;
}

export function timelineSvg(activity: Activity, now: number): string {
  const start = activity.startedAt;
  if (start === undefined) return '<p class="empty">No trace yet.</p>';
  const total = Math.max(1, elapsedMs(activity, now));
  const x = (t: number) => LABEL_WIDTH + ((t - start) / total) * PLOT_WIDTH;
  const steps = [...activity.steps].sort((a, b) => (a.startedAt ?? 0) - (b.startedAt ?? 0) || a.stepId - b.stepId);
  const height = AXIS + ROW * (steps.length + 1) + 8;
  const width = LABEL_WIDTH + PLOT_WIDTH + NOTE_WIDTH;
  const parts = [
    `<svg class="timeline" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="When each phase and step ran">`,
  ];
  for (const t of ticks(total)) {
    const tx = LABEL_WIDTH + (t / total) * PLOT_WIDTH;
    parts.push(
      `<line class="tl-tick" x1="${px(tx)}" y1="${AXIS - 6}" x2="${px(tx)}" y2="${height - 4}"/>`,
      `<text class="tl-axis" x="${px(tx)}" y="${AXIS - 10}" text-anchor="middle">${esc(formatDuration(t))}</text>`,
    );
  }
  // Row 0: the phases, one segment each.
  const phaseY = AXIS;
  parts.push(`<text class="tl-label" x="${LABEL_WIDTH - 8}" y="${phaseY + 16}" text-anchor="end">phases</text>`);
  for (const phase of activity.phases) {
    const end = phase.endedAt ?? activity.endedAt ?? now;
    const x0 = x(phase.startedAt);
    const w = Math.max(2, x(end) - x0);
    const name = PHASE_NAMES[phase.status] ?? phase.status;
    parts.push(
      `<g class="tl-phase phase-${esc(phase.status)}"><rect x="${px(x0)}" y="${phaseY + 3}" width="${px(w)}" height="${ROW - 6}" rx="3"/>`,
      `<title>${esc(`${name}: ${formatDuration(end - phase.startedAt)}`)}</title>`,
      w > name.length * 6.5 + 6 ? `<text x="${px(x0 + w / 2)}" y="${phaseY + 16}" text-anchor="middle">${esc(name)}</text>` : '',
      '</g>',
    );
  }
  steps.forEach((step, i) => {
    const y = AXIS + ROW * (i + 1);
    const label = `${step.stepId} ${step.type}`;
    parts.push(
      `<g class="tl-step state-${step.state}" data-step-id="${step.stepId}">`,
      `<text class="tl-label" x="${LABEL_WIDTH - 8}" y="${y + 16}" text-anchor="end">${esc(label)}</text>`,
    );
    const begin = step.startedAt ?? start;
    if (step.state === 'skipped') {
      const cx = x(begin);
      parts.push(
        `<path class="tl-skip" d="M${px(cx)},${y + 5} l6,7 l-6,7 l-6,-7 z"/>`,
        `<text class="tl-note" x="${px(cx + 10)}" y="${y + 16}">${esc(clip(`skipped${step.condition ? `: if ${step.condition}` : step.reason ? `: ${step.reason}` : ''}`, 60))}</text>`,
      );
    } else {
      const end = step.endedAt ?? now;
      const x0 = x(begin);
      const w = Math.max(2, x(end) - x0);
      const duration = step.durationMs ?? end - begin;
      parts.push(
        `<rect class="tl-bar" x="${px(x0)}" y="${y + 5}" width="${px(w)}" height="${ROW - 10}" rx="2"><title>${esc(`${label}: ${formatDuration(duration)}`)}</title></rect>`,
        `<text class="tl-note" x="${px(x0 + w + 6)}" y="${y + 16}">${esc(step.state === 'running' ? `running ${formatDuration(duration)}` : step.state === 'waiting' ? 'waiting for an answer' : formatDuration(duration))}${step.retries > 0 ? esc(` · ${step.retries} retr${step.retries === 1 ? 'y' : 'ies'}`) : ''}</text>`,
      );
    }
    parts.push('</g>');
  });
  parts.push('</svg>');
  return parts.join('');
}
