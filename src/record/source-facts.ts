import { logoPath, storedLogoUrl } from '../snapshot/format/logo-url.js';
import type { LogoMapper } from './wire-token.js';

/** What a clmm-mock source tells about its snapshot, so a recording of it replays byte for byte. */
export interface MockSource {
  seed: string;
  asOf: string;
  cursorKey: string;
}

/**
 * Asks `<origin>/__mock/health` whether the API is a clmm-mock; null for any other API (the
 * upstream has no such path) or when the answer lacks what a recording needs.
 */
export async function detectMockSource(base: string, signal?: AbortSignal): Promise<MockSource | null> {
  try {
    const response = await fetch(new URL('/__mock/health', base), { signal });
    if (response.status !== 200) return null;
    const { snapshot, market } = (await response.json()) as {
      snapshot?: { seed?: unknown; asOf?: unknown; cursorKey?: unknown };
      market?: { asOf?: unknown };
    };
    if (
      typeof snapshot?.cursorKey !== 'string' ||
      typeof snapshot.seed !== 'string' ||
      typeof snapshot.asOf !== 'string'
    )
      return null;
    // A market that moved is recorded at its own instant (docs/market-moves.md): nothing served is later.
    const asOf = typeof market?.asOf === 'string' ? market.asOf : snapshot.asOf;
    return { seed: snapshot.seed, asOf, cursorKey: snapshot.cursorKey };
  } catch {
    return null;
  }
}

/**
 * How logo URLs are stored: a clmm-mock source's own logos (any origin, path `/static/tokens/<mint>.svg`)
 * become the placeholder, so the replaying server serves its own; anything else is kept as sent.
 * @example logoMapper(true)('http://127.0.0.1:8080/static/tokens/So11….svg')
 * // 'http://clmm-mock.invalid/static/tokens/So11….svg'
 */
export function logoMapper(fromMock: boolean): LogoMapper {
  if (!fromMock) return (url) => url;
  return (url) => {
    const mint =
      url === null
        ? undefined
        : /^https?:\/\/[^/]+(?:\/[^?#]*)?\/static\/tokens\/([1-9A-HJ-NP-Za-km-z]{32,44})\.svg$/.exec(url)?.[1];
    return mint !== undefined && url!.endsWith(logoPath(mint)) ? storedLogoUrl(mint) : url;
  };
}
