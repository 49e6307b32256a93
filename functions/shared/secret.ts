/**
 * A secret read from the environment (an API key). It prints as `[redacted]` however it is
 * printed (String, JSON, console.log, util.inspect), so logging a configuration or an error that
 * holds one never shows it; `reveal()` is the only way to the value, and only the adapter that
 * authenticates with it calls it.
 */
const REDACTED = '[redacted]';

export class Secret {
  readonly #value: string;

  constructor(value: string) {
    this.#value = value;
  }

  reveal(): string {
    return this.#value;
  }

  toString(): string {
    return REDACTED;
  }

  toJSON(): string {
    return REDACTED;
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return REDACTED;
  }
}
