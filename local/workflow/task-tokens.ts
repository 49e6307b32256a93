/**
 * Task tokens in this process. aws-local-stepfunctions has no task tokens, so the local runner
 * gives each execution one and runs a `.waitForTaskToken` state as: its function (which stores the
 * token with the plan), then a wait here until someone succeeds the token. A token this process
 * is not waiting on (its execution ended with the process that started it) is handed to
 * `onUnknown`, which resumes the plan in this process.
 */
import { randomUUID } from 'node:crypto';
import type { TaskTokenSender } from '../../functions/core/ports.js';

export type TokenOutput = Readonly<Record<string, unknown>>;

export class LocalTaskTokens implements TaskTokenSender {
  private readonly waiters = new Map<string, (output: TokenOutput) => void>();

  constructor(private readonly onUnknown: (token: string, output: TokenOutput) => Promise<void>) {}

  /** A new token for an execution of `planId`. */
  static tokenFor(planId: string): string {
    return `local:${planId}:${randomUUID()}`;
  }

  /** Waits for `succeed(token)`; registered before the token is handed out, so an early answer is not missed. */
  wait(token: string): Promise<TokenOutput> {
    return new Promise((resolve) => this.waiters.set(token, resolve));
  }

  /** Ends a wait without an answer (the execution is being abandoned); true when there was one. */
  release(token: string, output: TokenOutput): boolean {
    const waiter = this.waiters.get(token);
    this.waiters.delete(token);
    waiter?.(output);
    return waiter !== undefined;
  }

  async succeed(token: string, output: TokenOutput): Promise<void> {
    if (this.release(token, output)) return;
    await this.onUnknown(token, output);
  }
}
