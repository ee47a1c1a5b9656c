import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { openServedSnapshot } from '../../src/snapshot/served/open-served-snapshot.js';
import { specView } from '../helpers/api-errors.js';
import { exchange } from '../helpers/http.js';
import { malformedCursorPayloads, signCursor } from '../helpers/signed-cursors.js';
import { withServer } from '../helpers/server.js';
import { httpSnapshot } from '../helpers/snapshots.js';

/** Cursors a client signed itself, with payloads the server never makes: a 400, never a 500. */
const cursors = suite('robustness: fuzzing the API: signed malformed cursors');

cursors(
  'cursors that carry the right signature but a malformed payload are 400 invalid_cursor, never 500',
  async () => {
    const internal: string[] = [];
    const onError = (e: unknown): number => internal.push(String((e as Error)?.message ?? e));
    await withServer({ gracePeriodMs: 1000, onError }, async ({ server }) => {
      // The key is derived from the snapshot's public facts (the
      // same ones /__mock/health shows), so any client can sign.
      const store = openServedSnapshot(await httpSnapshot());
      const key = store.cursorKey;
      store.close();
      const page = JSON.parse(
        (
          (await exchange(server.port, { method: 'GET', path: '/v2/solana/pools?size=1' }, false)) as { body: Buffer }
        ).body.toString(),
      );
      const address = page.data[0].address as string;
      const payloads = malformedCursorPayloads(address);
      const failures: string[] = [];
      for (const payload of payloads) {
        const endpoint = JSON.parse(payload.startsWith('[') && payload.length > 2 ? payload : '["pools"]')[0] as string;
        const path =
          `/v2/solana/${typeof endpoint === 'string' ? endpoint : 'pools'}` +
          `?next=${encodeURIComponent(signCursor(key, payload))}`;
        const ex = { method: 'GET', path };
        const answer = await specView(server.port, ex, await exchange(server.port, ex, false));
        if (typeof answer === 'string') {
          failures.push(`payload ${payload}: ${answer}`);
          continue;
        }
        const text = answer.ok ? answer.body.toString() : answer.error;
        if (!answer.ok || answer.status !== 400 || !/"code":"invalid_(cursor|parameter)"/.test(text))
          failures.push(
            `payload ${payload} on ${path.split('?')[0]} -> ${answer.ok ? answer.status : ''} ${text.slice(0, 160)}`,
          );
      }
      assert.ok(
        failures.length === 0,
        `${failures.length} of ${payloads.length} signed malformed cursors were not a 400 invalid_cursor:\n` +
          `${failures.join('\n')}\ninternal errors: ${[...new Set(internal)].join(' | ')}`,
      );
    });
  },
);

cursors.run();
