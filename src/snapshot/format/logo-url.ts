/**
 * The origin snapshots store in token logo URLs in place of the server's own. A server writes the
 * origin it is reached at (or its public URL) over it, so one snapshot serves logos from wherever it
 * runs. URLs with any other origin (recorded from a live API) are served as they are.
 */
export const LOGO_ORIGIN_PLACEHOLDER = 'http://clmm-mock.invalid';

/**
 * The path a token's logo is served at.
 * @example logoPath('So11111111111111111111111111111111111111112') // '/static/tokens/So111…112.svg'
 */
export function logoPath(address: string): string {
  return `/static/tokens/${address}.svg`;
}

/**
 * A token's logo URL as a snapshot stores it.
 * @example storedLogoUrl(mint) // 'http://clmm-mock.invalid/static/tokens/<mint>.svg'
 */
export function storedLogoUrl(address: string): string {
  return `${LOGO_ORIGIN_PLACEHOLDER}${logoPath(address)}`;
}
