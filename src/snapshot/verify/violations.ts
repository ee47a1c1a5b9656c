/** Collects rule violations; keeps the first `keep` messages and counts the rest. */
export class Violations {
  readonly messages: string[] = [];
  count = 0;
  constructor(private readonly keep = 200) {}

  add(subject: string, message: string): void {
    this.count++;
    if (this.messages.length < this.keep) this.messages.push(`${subject}: ${message}`);
  }

  /** Adds a violation when `actual` differs from `expected`, naming both. */
  expectEqual(subject: string, field: string, actual: unknown, expected: unknown): void {
    if (actual !== expected) this.add(subject, `${field} is ${String(actual)}, expected ${String(expected)}`);
  }
}
