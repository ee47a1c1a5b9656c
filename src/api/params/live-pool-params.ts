import type { DocumentedParam, ListingSpec, ParamSpec } from './listing-spec.js';
import { stringSchema } from './formats.js';
import { addressListOrAllParam } from './param-specs.js';

// Parameters the live API added to its pool listings, as the mock takes them (docs/api.md §3.5):
// one filter it can apply, one other name for a filter it has, and one it cannot honour.

/** `whirlpoolConfigs`: a filter on the pool's config (its `poolsConfig`); `/pools` and `/pools/search`. */
export const WHIRLPOOL_CONFIGS_PARAM: ParamSpec = addressListOrAllParam(
  'Only pools of one of these configs (their `poolsConfig`, config account addresses)',
);

/** `isWavebreak`, the live API's name for the launch-pool filter; `/pools` only, as on the live API. */
export const POOL_SYNONYMS: NonNullable<ListingSpec['synonyms']> = {
  isWavebreak: {
    of: 'isLaunchPool',
    description:
      "The live API's name for `isLaunchPool`: only pools of the launch-pool kind. `true` or `false`, " +
      'case-insensitive; false does not filter. Sent with `isLaunchPool`, the two must agree, else 400.',
  },
};

/** Why the mock cannot honour a parameter, as its documentation says it. */
function ignored(liveMeaning: string): DocumentedParam {
  return {
    schema: stringSchema(),
    description: `Accepted and ignored by the mock, whatever its value: on the live API, ${liveMeaning}.`,
  };
}

/** What `/pools` accepts and ignores. */
export const IGNORED_POOL_PARAMS: NonNullable<ListingSpec['ignored']> = {
  pairInsightsWindow: ignored('the windows of pair-insight figures to add to each pool, which the mock does not serve'),
};
