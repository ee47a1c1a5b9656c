/** Lowest valid tick index (docs/api.md §6.1). */
export const MIN_TICK_INDEX = -443636;
/** Highest valid tick index (docs/api.md §6.1). */
export const MAX_TICK_INDEX = 443636;
/** 2^64: the scale of a Q64.64 fixed-point number. */
export const Q64 = 1n << 64n;
/** Largest u64, the bound of every on-chain token amount. */
export const U64_MAX = (1n << 64n) - 1n;
/** Largest u128, the bound of liquidity and sqrt prices. */
export const U128_MAX = (1n << 128n) - 1n;
