import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { MarketFigures } from './market-figures.js';

const FIXTURE = fileURLToPath(new URL('../../fixtures/live-market.json', import.meta.url));

/**
 * The live market's figures (fixtures/live-market.json): the top 50 pools of the live API's default
 * listing, as issue 15 states them. What the generator is calibrated against (docs/snapshot-format.md §1.1).
 */
export function loadLiveMarket(): MarketFigures {
  const { comment: _comment, ...figures } = JSON.parse(readFileSync(FIXTURE, 'utf8')) as MarketFigures & {
    comment: string;
  };
  return figures;
}
