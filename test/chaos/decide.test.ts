import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { NO_CHAOS } from '../../src/chaos/chaos-settings.js';
import { decideChaos, effectiveChaos, requestDraws } from '../../src/chaos/decide.js';
import { drawLatency, parseLatency } from '../../src/chaos/latency.js';

const decide = suite('chaos: the decision function');

const chaos = {
  latency: parseLatency('latency', '100-200'),
  errorRate: 0.25,
  errorStatus: [500, 503, 'reset' as const],
};
const cases: [
  string,
  [number, number, number, number],
  { status?: 500 | 200 | 'hang'; delayMs?: number },
  { delayMs: number; fault: unknown },
][] = [
  ['a draw under the rate faults; the kind is picked uniformly', [0.1, 0.0, 0, 0], {}, { delayMs: 100, fault: 500 }],
  ['second kind', [0.2, 0.5, 0.5, 0], {}, { delayMs: 150, fault: 503 }],
  ['third kind', [0.24, 0.99, 0.999, 0], {}, { delayMs: 200, fault: 'reset' }],
  ['a draw at or over the rate passes', [0.25, 0.1, 0, 0], {}, { delayMs: 100, fault: null }],
  ['a status override wins over the draw', [0.9, 0, 0, 0], { status: 500 }, { delayMs: 100, fault: 500 }],
  ['override 200 forces success', [0.0, 0, 0, 0], { status: 200 }, { delayMs: 100, fault: null }],
  ['a delay override replaces the drawn latency', [0.9, 0, 0.7, 0], { delayMs: 5 }, { delayMs: 5, fault: null }],
  ['transport override', [0.9, 0, 0, 0], { status: 'hang' }, { delayMs: 100, fault: 'hang' }],
];
for (const [name, draws, overrides, expected] of cases) {
  decide(name, () => assert.equal(decideChaos(chaos, draws, overrides), expected));
}

decide('route settings override the global ones key by key', () => {
  const settings = { ...NO_CHAOS, errorRate: 0.5, routes: { 'GET /pools/search': { errorStatus: [502] } } };
  assert.equal(effectiveChaos(settings, 'GET /pools/search'), { latency: null, errorRate: 0.5, errorStatus: [502] });
  assert.equal(effectiveChaos(settings, 'GET /pools'), { latency: null, errorRate: 0.5, errorStatus: [500] });
  assert.equal(effectiveChaos(settings, null), { latency: null, errorRate: 0.5, errorStatus: [500] });
});

decide('seeded draws are a pure function of seed, request and occurrence', () => {
  assert.equal(requestDraws(7, 'GET /a', 0), requestDraws(7, 'GET /a', 0));
  assert.not.equal(requestDraws(7, 'GET /a', 0), requestDraws(7, 'GET /a', 1));
  assert.not.equal(requestDraws(7, 'GET /a', 0), requestDraws(8, 'GET /a', 0));
  assert.not.equal(requestDraws(7, 'GET /a', 0), requestDraws(7, 'GET /b', 0));
  for (const value of requestDraws(null, 'x', 0)) assert.ok(value >= 0 && value < 1);
});
decide.run();

const latency = suite('chaos: latency settings');
const valid: [unknown, ReturnType<typeof parseLatency>][] = [
  [150, { kind: 'fixed', ms: 150 }],
  ['150', { kind: 'fixed', ms: 150 }],
  ['50-250', { kind: 'uniform', min: 50, max: 250 }],
  ['lognormal:120:0.8', { kind: 'lognormal', median: 120, spread: 0.8 }],
];
for (const [input, expected] of valid)
  latency(`parses ${JSON.stringify(input)}`, () => assert.equal(parseLatency('latency', input), expected));
for (const input of ['fast', '250-50', -5, '1.5', '700000', 'lognormal:1:9']) {
  latency(`rejects ${JSON.stringify(input)} naming it`, () =>
    assert.throws(
      () => parseLatency('latency', input),
      (e: Error) => e.message.includes(JSON.stringify(input)),
    ),
  );
}
latency('draws stay inside a range and the log-normal median is the median draw', () => {
  const range = parseLatency('l', '10-20');
  assert.is(drawLatency(range, 0, 0), 10);
  assert.is(drawLatency(range, 0.9999, 0), 20);
  assert.is(drawLatency(parseLatency('l', 'lognormal:100:1'), 0.5, 0.25), 100);
});
latency.run();
