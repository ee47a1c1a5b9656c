import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { BodyBuffers } from '../../src/snapshot/render/body-buffers.js';

const KB = 1024;
const buffers = suite('body memory handed back is handed out again: by size, once, within a bound (body-buffers.ts)');

buffers('a body has exactly the length asked for, in memory of the next power of two from 64 kB', () => {
  const bodies = new BodyBuffers(8 * 1024 * KB);
  for (const [length, memory] of [
    [16 * KB, 64 * KB],
    [69_297, 128 * KB],
    [116_277, 128 * KB],
    [128 * KB, 128 * KB],
    [128 * KB + 1, 256 * KB],
    [2_300_000, 4096 * KB],
  ] as const) {
    const body = bodies.take(length);
    assert.is(body.length, length, `${length}`);
    assert.is(body.buffer.byteLength, memory, `${length}`);
  }
});

buffers('a small body is made as Node makes small buffers, and handing it back keeps nothing', () => {
  const bodies = new BodyBuffers(8 * 1024 * KB);
  const body = bodies.take(16 * KB - 1);
  assert.is(body.length, 16 * KB - 1);
  assert.is(bodies.handedOut(body), false);
  bodies.recycle(body);
  assert.is(bodies.keptBytes, 0);
});

buffers("a body's memory handed back serves the next body of its size, not one of another size", () => {
  const bodies = new BodyBuffers(8 * 1024 * KB);
  const first = bodies.take(100_000);
  assert.is(bodies.handedOut(first), true, 'handed out');
  bodies.recycle(first);
  assert.is(bodies.handedOut(first), false, 'handed back');
  assert.is(bodies.keptBytes, 128 * KB);
  assert.not.ok(bodies.take(200_000).buffer === first.buffer, 'a 256 kB body');
  const again = bodies.take(70_000);
  assert.ok(again.buffer === first.buffer, 'the 128 kB memory handed back');
  assert.is(bodies.keptBytes, 0);
});

buffers('memory handed back twice is handed out once: two bodies never share it', () => {
  const bodies = new BodyBuffers(8 * 1024 * KB);
  const body = bodies.take(100_000);
  bodies.recycle(body);
  bodies.recycle(body);
  assert.is(bodies.keptBytes, 128 * KB);
  const [a, b] = [bodies.take(100_000), bodies.take(100_000)];
  assert.ok(a.buffer !== b.buffer);
});

buffers('a buffer it did not hand out is left alone', () => {
  const bodies = new BodyBuffers(8 * 1024 * KB);
  const foreign = Buffer.alloc(128 * KB);
  assert.is(bodies.handedOut(foreign), false);
  bodies.recycle(foreign);
  bodies.recycle(new Uint8Array(new SharedArrayBuffer(128 * KB)));
  assert.is(bodies.keptBytes, 0);
  assert.ok(bodies.take(100_000).buffer !== foreign.buffer);
});

buffers('no more than the bound waits to be handed out again', () => {
  const bodies = new BodyBuffers(300 * KB);
  const taken = [bodies.take(100_000), bodies.take(100_000), bodies.take(100_000)];
  for (const body of taken) bodies.recycle(body);
  assert.is(bodies.keptBytes, 256 * KB);
});

buffers.run();
