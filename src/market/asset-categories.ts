/**
 * The live API's asset categories (its OpenAPI document's `AssetCategory`), which `categories` filters pools
 * and tokens by, and the categories each token of the market model has (docs/api.md §9.7).
 */
export const ASSET_CATEGORIES = [
  'ai',
  'governance',
  'utility',
  'stablecoin',
  'liquid_staking_token',
  'memecoin',
  'currency',
  'security',
  'nft',
  'wrapped_token',
  'bridged_token',
  'restaked_token',
  'synthetic_asset',
  'digital_reward_asset',
  'yield_bearing',
] as const;

export type AssetCategory = (typeof ASSET_CATEGORIES)[number];

/** Whether a string is one of ASSET_CATEGORIES (exactly, lower case). */
export function isAssetCategory(text: string): text is AssetCategory {
  return (ASSET_CATEGORIES as readonly string[]).includes(text);
}

/**
 * A generated token's name ends in one of these words, or in none (a memecoin, as most of the long tail of the
 * chain's tokens are); each implies the categories beside it.
 */
const NAME_ENDINGS: readonly [ending: string, categories: readonly AssetCategory[]][] = [
  [' Inu', ['memecoin']],
  [' Coin', ['memecoin']],
  [' AI', ['ai']],
  [' DAO', ['governance']],
  [' Protocol', ['governance', 'utility']],
  [' Finance', ['governance', 'utility']],
  [' Swap', ['utility']],
  [' Labs', ['utility']],
  [' Token', ['utility']],
];

/**
 * The categories a token of the long tail (or a declared one that names none) has, from its name alone: none
 * without a name (no metadata), else those its last word implies (NAME_ENDINGS), else `memecoin`.
 * @example nameCategories('Brave Otter Inu') // ['memecoin']
 * @example nameCategories('Quiet Fox DAO') // ['governance']
 */
export function nameCategories(name: string | null): readonly AssetCategory[] {
  if (name === null) return [];
  for (const [ending, categories] of NAME_ENDINGS) if (name.endsWith(ending)) return categories;
  return ['memecoin'];
}
