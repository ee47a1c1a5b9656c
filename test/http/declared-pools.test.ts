import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { symbolMint } from '../../src/generator/declared/declared-tokens.js';
import { addresses, okObject, okPage } from '../helpers/http.js';
import { marketSnapshot } from '../helpers/market-fixture.js';
import { serve } from '../helpers/server.js';

/** The pools a market file declares, over HTTP, in the dialect under test: where apps look for them. */
const declared = suite('HTTP: declared pools are served at their derived addresses and found by search');
const served = serve(declared, { snapshot: marketSnapshot });

const SOL_USDC_4 = 'Czfq3xZZDmsdGdUyrNLtRhGc47cXcZtLG4crryfu44zE';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

declared('the SOL/USDC tick spacing 4 pool: at the address apps hard-code, with its declared price', async () => {
  const pool = await okObject(`${served.url}/pools/${SOL_USDC_4}`);
  assert.is(pool.address, SOL_USDC_4);
  assert.is(pool.tickSpacing, 4);
  assert.ok(Math.abs(Number(pool.price) / 142.5 - 1) < 1e-9, String(pool.price));
});

declared('the ACME pool, declared as USDC/ACME: found by search in either order, by symbol and by mint', async () => {
  const acme = symbolMint('ACME');
  const found = await okPage(`${served.url}/pools/search?q=${acme}&size=50`);
  const usdcPools = found.data.filter((p) => [p.tokenMintA, p.tokenMintB].includes(USDC));
  assert.is(usdcPools.length, 1, 'one ACME/USDC pool');
  const target = usdcPools.find((p) => p.hasWarning === true && p.tickSpacing === 64);
  assert.ok(target, 'the declared ACME/USDC pool (tick spacing 64, with a warning)');
  for (const q of ['ACME USDC', 'USDC ACME', 'ACME/USDC', 'usdc-acme']) {
    const page = await okPage(`${served.url}/pools/search?q=${encodeURIComponent(q)}&size=50`);
    assert.ok(addresses(page).includes(target!.address as string), `q=${q}`);
  }
  const token = await okObject(`${served.url}/tokens/${acme}`);
  // The live dialect keeps the symbol in `metadata`.
  assert.is(token.symbol ?? token.metadata.symbol, 'ACME');
  assert.is(token.decimals, 6);
});

declared.run();
