import type { ListingSpec, ParamSpec } from './listing-spec.js';
import { addressListOrAllParam } from './param-specs.js';
import { INSIGHTS_PARAM_SPEC } from '../requested-insights.js';

// Parameters the live API added to its pool listings, as the mock takes them (docs/api.md §3.5):
// one filter it can apply, one other name for a filter it has, and the pair insights of the live dialect.

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

/**
 * What `/pools` takes outside its listing's parameters: `pairInsightsWindow` shapes its pools' bodies (the live
 * dialect's pair insights), not which pools it lists, so its cursors do not carry it.
 */
export const IGNORED_POOL_PARAMS: NonNullable<ListingSpec['ignored']> = {
  pairInsightsWindow: INSIGHTS_PARAM_SPEC,
};
