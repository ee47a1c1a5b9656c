/**
 * Checks a `publicUrl` option: an absolute http(s) URL with no query or fragment; returned without a
 * trailing slash, ready to prefix paths. Throws a TypeError naming the value otherwise. The server,
 * the exporter and the CLI's `--public-url` all check it here, so they accept the same values.
 * @example normalizePublicUrl('https://mock.example.com/') // 'https://mock.example.com'
 */
export function normalizePublicUrl(value: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (
    !url ||
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.search ||
    url.hash ||
    url.username ||
    url.password
  ) {
    throw new TypeError(
      `public URL must be an absolute http(s) URL such as https://mock.example.com, got ${JSON.stringify(value)}`,
    );
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}
