import { createHash } from 'node:crypto';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { symbolMint } from '../../src/generator/declared/declared-tokens.js';
import { runCli, startCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/snapshots.js';

const SOL_USDC_4 = 'Czfq3xZZDmsdGdUyrNLtRhGc47cXcZtLG4crryfu44zE';
const FILE = {
  tokens: [{ symbol: 'ZEBRA', decimals: 6, priceUsdc: '2' }],
  pools: [
    { tokenA: 'SOL', tokenB: 'USDC', tickSpacing: 4, price: '150', hasWarning: true },
    { tokenA: 'ZEBRA', tokenB: 'USDC', tickSpacing: 64, tvlUsdc: '1000' },
  ],
};

const market = suite('cli: a market file with generate, inspect, start and serve');

market('inspect lists each declared entry with the mint or address it is served at', () => {
  const { dir, remove } = tempDir();
  try {
    const file = join(dir, 'market.json');
    writeFileSync(file, JSON.stringify(FILE));
    const out = join(dir, 'm.sqlite');
    const made = runCli(['generate', '--market', file, '--out', out, '--pools', '60', '--tokens', '40']);
    assert.is(made.code, 0, made.stderr);
    assert.match(made.stdout, /: 41 tokens, /);
    const shown = runCli(['inspect', out]);
    assert.is(shown.code, 0, shown.stderr);
    const declared = shown.stdout.split('\n').filter((l) => /^(declared| {8})\s+(tokens|pools)\[/.test(l));
    assert.is(declared.length, 3, shown.stdout);
    assert.is(declared[0], `declared        tokens[0] ZEBRA at ${symbolMint('ZEBRA')}`);
    assert.is(declared[1], `                pools[0] SOL/USDC tick spacing 4 at ${SOL_USDC_4}`);
    assert.match(declared[2]!, /pools\[1\] (ZEBRA\/USDC|USDC\/ZEBRA) tick spacing 64 at \w{32,44}$/);
  } finally {
    remove();
  }
});

market(
  'start --market and serve --market: the default market with the declared pools, kept beside the default snapshot',
  async () => {
    const { dir, remove } = tempDir();
    const file = join(dir, 'market.json');
    const text = JSON.stringify({ ...FILE, $schema: `test ${process.pid}` });
    writeFileSync(file, text);
    const hash = createHash('sha256').update(text).digest('hex').slice(0, 12);
    const kept = fileURLToPath(new URL(`../../snapshots/market-${hash}.sqlite`, import.meta.url));
    try {
      const server = await startCli(['start', '--market', file], { ...process.env, PORT: '0' });
      try {
        const url = server.firstLine.replace('listening on ', '');
        const pool = (await (await fetch(`${url}/pools/${SOL_USDC_4}`)).json()) as { data: Record<string, unknown> };
        assert.is(pool.data.hasWarning, true);
        assert.ok(Math.abs(Number(pool.data.price) / 150 - 1) < 1e-9);
        assert.ok(existsSync(kept), kept);
      } finally {
        assert.is(await server.stop(), 0);
      }
      // serve takes --market as start does, and serves the snapshot start kept for the same file.
      const served = await startCli(['serve', '--market', file, '--port', '0']);
      try {
        const url = served.firstLine.replace('listening on ', '');
        const pool = (await (await fetch(`${url}/pools/${SOL_USDC_4}`)).json()) as { data: Record<string, unknown> };
        assert.is(pool.data.hasWarning, true);
        const health = (await (await fetch(`${url.replace(/\/v2\/solana$/, '')}/__mock/health`)).json()) as {
          snapshot: { path: string };
        };
        assert.is(health.snapshot.path, `market-${hash}.sqlite`);
      } finally {
        assert.is(await served.stop(), 0);
      }
      const bad = runCli(['start', '--market', join(dir, 'missing.json')]);
      assert.is(bad.code, 2);
      assert.match(bad.stderr, /^clmm-mock: --market .*missing\.json: cannot read it \(ENOENT\)\n$/);
    } finally {
      rmSync(kept, { force: true });
      remove();
    }
  },
);

market.run();
