import { invalidParameter, repeatedParameter } from '../errors/api-error.js';
import type { ListingSpec, ParamSpec } from './listing-request.js';

/** The single value of a parameter under any of its names; repeating it is a 400. */
export function singleValue(
  search: URLSearchParams,
  name: string,
  aliases: readonly string[] = [],
): string | undefined {
  if (aliases.length === 0) {
    // Most parameters have no alias (a detail's `stats`, on every request): one look-up, and no arrays
    // but the values'.
    if (!search.has(name)) return undefined;
    const values = search.getAll(name);
    if (values.length > 1) throw repeatedParameter(name, Array<string>(values.length).fill(name));
    return values[0];
  }
  // A listing reads some twenty parameters and most are absent: answer that, aliases and all, without
  // building arrays.
  if (!search.has(name) && !aliases.some((alias) => search.has(alias))) return undefined;
  const values = [name, ...aliases].flatMap((n) => search.getAll(n).map((v) => [n, v] as const));
  const names = values.map(([n]) => n);
  if (names.length > 1) throw repeatedParameter(name, names);
  return values[0]?.[1];
}

/**
 * The parameters a request sends, parsed, under the spec's names (absent ones left out). A synonym's
 * value goes to the parameter it names; unlike an alias, both may be sent, as long as they agree (a
 * client may send the live API's name beside the mock's).
 * @example givenParams(POOLS_SPEC, new URLSearchParams('isWavebreak=true')) // { isLaunchPool: true }
 */
export function givenParams<P extends object>(spec: ListingSpec<P>, search: URLSearchParams): Record<string, unknown> {
  const params = spec.params as Readonly<Record<string, ParamSpec>>;
  const given: Record<string, unknown> = {};
  for (const [name, param] of Object.entries(params)) {
    const raw = singleValue(search, name, param.aliases);
    if (raw !== undefined) given[name] = param.parse(name, raw);
  }
  for (const [name, { of }] of Object.entries(spec.synonyms ?? {})) {
    const raw = singleValue(search, name);
    if (raw === undefined) continue;
    const value = params[of]!.parse(name, raw);
    if (of in given && JSON.stringify(given[of]) !== JSON.stringify(value)) {
      throw invalidParameter(
        of,
        `${name} is another name of ${of}: sent together they must agree, ` +
          `got ${of}=${JSON.stringify(given[of])} and ${name}=${JSON.stringify(value)}`,
      );
    }
    given[of] = value;
  }
  return given;
}
