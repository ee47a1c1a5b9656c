/**
 * Whether a request target (path and query, as on the request line) is the admin API's (`/__mock`,
 * `/__mock/…`): the one test for what answers with the admin API's own methods and error body in
 * either dialect, so CORS, the error handler and the parse-level error handler agree.
 * @example isAdminPath('/__mock/health') // true; isAdminPath('/__mockx') // false
 */
export function isAdminPath(target: string): boolean {
  return /^\/__mock(\/|\?|$)/.test(target);
}
