import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { WorkQueue } from '../../src/moves/work-queue.js';

const queue = suite('a market takes its changes one at a time, in the order they come');

queue('each piece starts once the one before is done, and answers with its own value', async () => {
  const work = new WorkQueue();
  const seen: string[] = [];
  const piece = (name: string, waits: number) => async (): Promise<string> => {
    seen.push(`${name} starts, busy ${work.busy}`);
    // Each piece yields to the event loop; a later one that did not wait its turn would start meanwhile.
    for (let i = 0; i < waits; i++) await new Promise((resolve) => setImmediate(resolve));
    seen.push(`${name} ends`);
    return name;
  };
  assert.is(work.busy, false);
  const answers = await Promise.all([work.run(piece('a', 3)), work.run(piece('b', 0)), work.run(piece('c', 2))]);
  assert.equal(answers, ['a', 'b', 'c']);
  assert.equal(seen, [
    'a starts, busy true',
    'a ends',
    'b starts, busy true',
    'b ends',
    'c starts, busy true',
    'c ends',
  ]);
  assert.is(work.busy, false);
});

queue('a piece that fails rejects its own caller only: the next runs, and idle() resolves', async () => {
  const work = new WorkQueue();
  const failed = work.run(() => Promise.reject(new Error('refused')));
  const next = work.run(() => 'after');
  const outcome = await failed.then(
    () => 'resolved',
    (error: Error) => error.message,
  );
  assert.is(outcome, 'refused');
  assert.is(await next, 'after');
  await work.idle();
  assert.is(work.busy, false);
});

queue('idle() resolves once the pieces queued so far are done: what close() waits for', async () => {
  const work = new WorkQueue();
  const ended: string[] = [];
  const piece = (name: string) => async (): Promise<void> => {
    for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
    ended.push(name);
  };
  void work.run(piece('a'));
  void work.run(piece('b'));
  assert.equal(ended, []);
  await work.idle();
  assert.equal(ended, ['a', 'b']);
});

queue.run();
