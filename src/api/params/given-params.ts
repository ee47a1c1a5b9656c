import { invalidParameter, repeatedParameter } from '../../errors/api-error.js';
import type { ListingSpec, ParamSpec } from './listing-spec.js';

/** The single value of a parameter under any of its names; repeating it is a 400. */
export function singleValue(
  search: URLSearchParams,
  name: string,
  aliases: readonly string[] = [],
): string | undefined {
  // Asked some twenty times a listing and on every detail, mostly of absent parameters: one pass over
  // the names, and arrays only for a name that is there, and for the error.
  let value: string | undefined;
  let given = 0;
  for (let i = -1; i < aliases.length; i++) {
    const n = i < 0 ? name : aliases[i]!;
    if (!search.has(n)) continue;
    const values = search.getAll(n);
    value ??= values[0];
    given += values.length;
  }
  if (given > 1)
    throw repeatedParameter(
      name,
      [name, ...aliases].flatMap((n) => search.getAll(n).map(() => n)),
    );
  return value;
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
