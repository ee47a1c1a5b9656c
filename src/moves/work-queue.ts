/**
 * Work run one piece at a time, in the order it comes: a market's changes (moving-market.ts), each of which
 * reads the state the one before left. A piece that fails does not stop the next.
 * @example const queue = new WorkQueue(); const version = await queue.run(() => state.advance(1, pace));
 */
export class WorkQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private running = false;

  /** Whether a piece is being run now. */
  get busy(): boolean {
    return this.running;
  }

  /** Runs `work` once every piece queued before it is done; resolves or rejects as it does. */
  run<T>(work: () => Promise<T> | T): Promise<T> {
    const run = this.tail.then(async () => {
      this.running = true;
      try {
        return await work();
      } finally {
        this.running = false;
      }
    });
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** Resolves once every piece queued so far is done, whether it failed or not. */
  async idle(): Promise<void> {
    await this.tail;
  }
}
