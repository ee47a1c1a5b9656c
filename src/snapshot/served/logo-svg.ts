import { createHash } from 'node:crypto';

/**
 * Characters worth drawing: letters, digits, punctuation and symbols.
 * Controls, marks, spaces and noncharacters (some invalid in XML) are dropped.
 */
const DRAWABLE = /[\p{L}\p{N}\p{P}\p{S}]/u;
const MAX_INITIALS = 4;
/** Font size by number of initials, so that four still fit inside the circle. */
const FONT_SIZES = [0, 30, 26, 20, 16];

/** Escapes text for XML content and double-quoted attributes. */
function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function hex(value: number): string {
  return Math.round(value * 255)
    .toString(16)
    .padStart(2, '0');
}

/** `#rrggbb` of an HSL colour (hue in degrees, saturation and lightness in 0..1). */
function hslHex(hue: number, saturation: number, lightness: number): string {
  const a = saturation * Math.min(lightness, 1 - lightness);
  const channel = (n: number): number => {
    const k = (n + hue / 30) % 12;
    return lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return `#${hex(channel(0))}${hex(channel(8))}${hex(channel(4))}`;
}

/** Two colours from the address's hash: mid lightness, so white initials stay readable on both. */
function colours(address: string): [string, string] {
  const bytes = createHash('sha256').update(address).digest();
  const hue = ((bytes[0]! << 8) | bytes[1]!) % 360;
  const second = (hue + 30 + (bytes[2]! % 90)) % 360;
  const saturation = 0.55 + (bytes[3]! % 20) / 100;
  const lightness = 0.36 + (bytes[4]! % 10) / 100;
  return [hslHex(hue, saturation, lightness), hslHex(second, saturation, lightness - 0.06)];
}

/** The first drawable characters of a symbol (whole code points, so emoji are never split). */
function initials(symbol: string): string {
  return Array.from(symbol)
    .filter((c) => DRAWABLE.test(c))
    .slice(0, MAX_INITIALS)
    .join('');
}

function label(symbol: string | null): string {
  const drawable =
    symbol === null
      ? ''
      : Array.from(symbol)
          .filter((c) => DRAWABLE.test(c) || c === ' ')
          .slice(0, 32)
          .join('')
          .trim();
  return drawable === '' ? 'token' : drawable;
}

/**
 * A token's logo: a 64×64 circle in two colours derived from the mint address, with up to four
 * initials of the symbol, or a ring when the token has no symbol. A pure function of its arguments,
 * so the same token always gets the same bytes.
 * @example tokenLogoSvg('So11111111111111111111111111111111111111112', 'SOL') // '<svg xmlns=… >…SOL</text></svg>'
 */
export function tokenLogoSvg(address: string, symbol: string | null): string {
  const [from, to] = colours(address);
  const text = symbol === null ? '' : initials(symbol);
  const count = Array.from(text).length;
  const mark =
    count === 0
      ? '<circle cx="32" cy="32" r="12" fill="none" stroke="#fff" stroke-width="5" opacity="0.9"/>'
      : `<text x="32" y="33" text-anchor="middle" dominant-baseline="middle" ` +
        `font-family="system-ui, -apple-system, 'Segoe UI', Helvetica, Arial, sans-serif" font-weight="700" ` +
        `font-size="${FONT_SIZES[count]}" fill="#fff">${escapeXml(text)}</text>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" ` +
    `aria-label="${escapeXml(label(symbol))}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<circle cx="32" cy="32" r="32" fill="url(#g)"/>${mark}</svg>`
  );
}
