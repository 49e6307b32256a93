/**
 * Live progress in the terminal: the frame of view/progress-frame.ts, redrawn in place on
 * stderr by log-update as the run's trace events arrive (and ten times a second for the clocks),
 * then left on screen in its folded form. Only for a person at a terminal: with `--json`, or
 * when stdout or stderr is not a terminal (a pipe, a file, CI), nothing is drawn at all.
 */
import { styleText } from 'node:util';
import type { TraceEvent } from '../functions/core/types.js';
import { type Activity, applyEvent, emptyActivity } from './view/activity.js';
import { type Paint, progressFrame, type Tone } from './view/progress-frame.js';

export interface ProgressTerminal {
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  env: Readonly<Record<string, string | undefined>>;
}

/** Whether to draw progress: a person is watching both streams, and asked for no machine output. */
export function progressWanted(flags: { json?: boolean; progress?: boolean }, terminal: ProgressTerminal): boolean {
  if (flags.json || flags.progress === false) return false;
  if (!terminal.stdoutIsTTY || !terminal.stderrIsTTY) return false;
  return terminal.env.TERM !== 'dumb' && !terminal.env.CI;
}

const TONES: Record<Tone, Parameters<typeof styleText>[0]> = { ok: 'green', bad: 'red', warn: 'yellow', busy: 'cyan', dim: 'gray', bold: 'bold' };

/** Colours unless NO_COLOR or the stream says otherwise (styleText checks the stream). */
function painterFor(stream: NodeJS.WriteStream): Paint {
  return (tone, text) => styleText(TONES[tone], text, { stream });
}

export interface Progress {
  /** One stored trace event of the run. */
  update(event: TraceEvent): void;
  /** The run is over: the folded frame stays, the clock stops. */
  stop(): void;
}

const silent: Progress = { update: () => undefined, stop: () => undefined };

export async function startProgress(options: { enabled: boolean; stream: NodeJS.WriteStream; title: string; intervalMs?: number }): Promise<Progress> {
  const { stream } = options;
  // A terminal that reports no size (some pseudo-terminals) cannot be redrawn in place.
  if (!options.enabled || !(stream.columns > 0) || !(stream.rows > 0)) return silent;
  // Loaded only to draw: its text-width tables (an Intl.Segmenter and Unicode property regular
  // expressions built at load) would slow every start that draws nothing (--json, a pipe, CI).
  const { createLogUpdate } = await import('log-update');
  const draw = createLogUpdate(stream);
  const paint = painterFor(stream);
  const title = paint('bold', options.title.length > 100 ? `${options.title.slice(0, 99)}…` : options.title);
  const activity: Activity = emptyActivity();
  let tick = 0;
  const render = (final = false) => draw(`${title}\n${progressFrame(activity, { now: Date.now(), tick, final, paint })}`);
  const timer = setInterval(() => {
    tick += 1;
    render();
  }, options.intervalMs ?? 100);
  timer.unref();
  render();
  let stopped = false;
  return {
    update(event) {
      if (stopped) return;
      applyEvent(activity, event);
      render();
    },
    stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      render(true);
      draw.done();
    },
  };
}
