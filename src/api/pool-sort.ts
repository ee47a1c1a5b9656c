import { PERIOD_NAMES } from '../math/periods.js';
import { PLAIN_SORT_FIELDS, STATS_SORT_FIELDS } from '../snapshot/format/sort-keys.js';
import { invalidParameter } from '../errors/api-error.js';
import { shown } from '../errors/shown.js';

const STATS_FIELDS = Object.keys(STATS_SORT_FIELDS);
const PLAIN_FIELDS: readonly string[] = PLAIN_SORT_FIELDS;
const SORT_BY = new RegExp(`^(${[...STATS_FIELDS, ...PLAIN_FIELDS].join('|')})(${PERIOD_NAMES.join('|')})?$`);

/**
 * A pool `sortBy` as a stored order key: stats fields take a period suffix (none means 24h); `tvl` and
 * `lockedliquiditypercent` accept one and ignore it. Case-insensitive (docs/api.md §3.6).
 * @example parsePoolSort('sortBy', 'Volume7d') // "volume7d"
 */
export function parsePoolSort(name: string, raw: string): string {
  const match = SORT_BY.exec(raw.toLowerCase());
  if (!match) {
    throw invalidParameter(
      name,
      `${name} must be one of ${[...STATS_FIELDS, ...PLAIN_FIELDS].join(', ')}, ` +
        `optionally followed by a period (${PERIOD_NAMES.join(', ')}), e.g. volume24h; got ${shown(raw)}`,
    );
  }
  const [, field = '', period] = match;
  return PLAIN_FIELDS.includes(field) ? field : `${field}${period ?? '24h'}`;
}
