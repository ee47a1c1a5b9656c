import type { ChaosSettings } from '../../src/index.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { statusOf } from '../helpers/http.js';
import { SMALL_SERVER, withServer } from '../helpers/server.js';

const seeded = suite('chaos over HTTP: the same seed gives the same faults');

/** Per request path, the sorted outcomes of its repeats: independent of arrival order. */
async function run(chaos: ChaosSettings): Promise<Record<string, string>> {
  const outcomes: Record<string, (number | string)[]> = {};
  await withServer({ ...SMALL_SERVER, chaos }, async ({ server }) => {
    const paths = Array.from({ length: 12 }, (_, i) => `/tokens?size=${i + 1}`).concat('/protocol', '/pools?size=2');
    const requests = paths.flatMap((p) => [p, p, p, p]);
    const statuses = await Promise.all(requests.map((p) => statusOf(`${server.url}${p}`)));
    requests.forEach((p, i) => (outcomes[p] ??= []).push(statuses[i]!));
  });
  return Object.fromEntries(Object.entries(outcomes).map(([p, s]) => [p, s.map(String).sort().join(',')]));
}

seeded('two server runs with concurrent requests see the same faults per request; another seed differs', async () => {
  const chaos = { errorRate: 0.5, errorStatus: [500, 502, 503], chaosSeed: 7 };
  const first = await run(chaos);
  const second = await run(chaos);
  assert.equal(first, second);
  const faults = Object.values(first)
    .join(',')
    .split(',')
    .filter((s) => s !== '200');
  assert.ok(faults.length > 10 && faults.length < 46, `${faults.length} faults of 56`);
  assert.not.equal(await run({ ...chaos, chaosSeed: 8 }), first);
});

seeded('sequential repeats of one request follow a fixed sequence', async () => {
  const sequence = async (): Promise<(number | string)[]> => {
    const seen: (number | string)[] = [];
    await withServer({ ...SMALL_SERVER, chaos: { errorRate: 0.5, chaosSeed: 3 } }, async ({ server }) => {
      for (let i = 0; i < 20; i++) seen.push(await statusOf(`${server.url}/protocol`));
    });
    return seen;
  };
  const a = await sequence();
  assert.equal(await sequence(), a);
  assert.ok(a.includes(200) && a.includes(500));
});
seeded.run();
