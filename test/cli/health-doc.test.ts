import { readFileSync } from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startCli } from '../helpers/cli.js';

/** The example body under docs/admin-and-chaos.md §1.2. */
function documentedHealth(): Record<string, unknown> {
  const doc = readFileSync(new URL('../../docs/admin-and-chaos.md', import.meta.url), 'utf8');
  const section = doc.slice(doc.indexOf('### 1.2 Health'));
  const block = /```json\n([\s\S]*?)\n```/.exec(section)?.[1];
  assert.ok(block, 'no json block in §1.2');
  return JSON.parse(block) as Record<string, unknown>;
}

/** A value's shape: its keys in order, all the way down, with the type of each leaf. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (value === null || typeof value !== 'object') return value === null ? 'null' : typeof value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shape(inner)]));
}

const doc = suite('docs/admin-and-chaos.md §1.2 shows the health body the server reports');

doc('the default snapshot served by start: every field, in order, and every value but the ones that vary', async () => {
  const server = await startCli(['start', '--port', '0']);
  try {
    const origin = server.firstLine.replace(/^listening on /, '').replace(/\/v2\/solana$/, '');
    const served = (await (await fetch(`${origin}/__mock/health`)).json()) as Record<string, unknown>;
    const documented = documentedHealth();
    assert.equal(shape(documented), shape(served));
    // What varies from run to run or machine to machine: the process, the key, traffic and memory.
    const fixed = (health: Record<string, unknown>) => ({
      ...health,
      pid: 0,
      snapshot: { ...(health.snapshot as object), cursorKey: '' },
      sizes: null,
      memory: null,
    });
    assert.equal(fixed(documented), fixed(served));
  } finally {
    assert.is(await server.stop(), 0, server.stderr());
  }
});

doc.run();
