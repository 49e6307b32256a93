import { describe, expect, it } from 'vitest';
import { foldTrace } from '../../../cli/view/activity.js';
import { marksFromActivity } from '../../../cli/view/plan-diagram.js';
import { planSvg } from '../../../cli/view/plan-svg.js';
import { timelineSvg } from '../../../cli/view/timeline-svg.js';
import { CONDITIONAL_PLAN, REPAIRED_RUN, T0 } from './fixtures.js';

const numbers = (text: string) => [...text.matchAll(/-?\d+(\.\d+)?/g)].map((m) => Number(m[0]));

describe('View: planSvg', () => {
  it('lays out one node per step and one path per dependency, inside the picture', () => {
    // Act
    const svg = planSvg(CONDITIONAL_PLAN, marksFromActivity(foldTrace(REPAIRED_RUN)));

    // Assess
    const ids = [...svg.matchAll(/<g class="dag-node[^"]*" data-step-id="(\d+)"/g)].map((m) => Number(m[1]));
    expect(ids).toEqual([1, 2, 3, 4, 5, 6]);
    expect(svg.match(/<g class="dag-edge/g)).toHaveLength(7);
    const [minX, minY, width, height] = numbers(/viewBox="([^"]+)"/.exec(svg)?.[1] ?? '');
    for (const d of svg.matchAll(/<path d="([^"]+)" marker-end/g)) {
      const values = numbers(d[1] ?? '');
      for (let i = 0; i + 1 < values.length; i += 2) {
        expect(values[i]).toBeGreaterThanOrEqual(minX!);
        expect(values[i]).toBeLessThanOrEqual(minX! + width!);
        expect(values[i + 1]).toBeGreaterThanOrEqual(minY!);
        expect(values[i + 1]).toBeLessThanOrEqual(minY! + height!);
      }
    }
    expect(svg).not.toContain('NaN');
  });

  it('places a step below the steps it depends on', () => {
    // Act
    const svg = planSvg(CONDITIONAL_PLAN);

    // Assess
    const y = new Map([...svg.matchAll(/data-step-id="(\d+)"[^>]*transform="translate\([\d.-]+,([\d.-]+)\)"/g)].map((m) => [Number(m[1]), Number(m[2])]));
    for (const step of CONDITIONAL_PLAN.plan) for (const dep of step.dependencies) expect(y.get(step.step_id)!).toBeGreaterThan(y.get(dep)!);
  });

  it('colours steps by state and shows the condition on the skipped step', () => {
    // Act
    const svg = planSvg(CONDITIONAL_PLAN, marksFromActivity(foldTrace(REPAIRED_RUN)));

    // Assess
    expect(svg).toMatch(
      /<g class="dag-node state-skipped type-keyword_search" data-step-id="4" data-state="skipped" data-condition="step_2.result\[&#39;run&#39;\] == False"/,
    );
    expect(svg).toContain('<text class="dag-condition" x="0" y="');
    expect(svg).toContain('skipped: if step_2.result[&#39;run&#39;] == False</text>');
    expect(svg.match(/data-state="succeeded"/g)).toHaveLength(5);
    expect(svg).toContain('<polygon class="dag-shape"');
    expect(svg).toContain('if step_2.result[&#39;run&#39;] == True<title>');
  });

  it('escapes what comes from the plan', () => {
    // Act
    const svg = planSvg({
      plan: [{ step_id: 1, type: 'keyword_search', modality: 'text', parameters: { query: '<script>alert(1)</script>' }, dependencies: [], trace: {} }],
      traceability: true,
    });

    // Assess
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;');
  });
});

describe('View: timelineSvg', () => {
  it('draws the phases, a bar per step that ran and a mark with its condition for the skipped one', () => {
    // Act
    const svg = timelineSvg(foldTrace(REPAIRED_RUN), T0 + 500);

    // Assess
    expect(svg.match(/<g class="tl-phase/g)).toHaveLength(7);
    expect(svg.match(/<rect class="tl-bar"/g)).toHaveLength(5);
    expect(svg).toMatch(/<g class="tl-step state-skipped" data-step-id="4">.*<path class="tl-skip"/);
    expect(svg).toContain('skipped: if step_2.result[&#39;run&#39;] == False');
    expect(svg).toContain('>20 ms</text>');
  });

  it('grows the bar of a running step with the clock', () => {
    // Prepare
    const running = foldTrace(REPAIRED_RUN.slice(0, REPAIRED_RUN.findIndex((e) => e.type === 'step.started' && e.data?.step_id === 6) + 1));

    // Act
    const early = timelineSvg(running, T0 + 110);
    const late = timelineSvg(running, T0 + 400);

    // Assess
    expect(early).toContain('running 10 ms');
    expect(late).toContain('running 300 ms');
  });
});
