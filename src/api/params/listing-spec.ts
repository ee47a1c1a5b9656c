import type { ParamSchema } from './formats.js';

// What a listing endpoint takes, apart from resolveListing (listing-request.ts): the modules that read a
// listing's parameters (given-params.ts, carried-params.ts, paging-params.ts) need these types, and
// resolveListing needs them, so the types sit below both and nothing imports back.

/**
 * One query parameter: older aliases, how to parse it, and what the OpenAPI document says of it
 * (`schema` of the raw query value and `description`), kept next to the parser so they agree.
 */
export interface ParamSpec {
  aliases?: readonly string[];
  parse(name: string, raw: string): unknown;
  schema: ParamSchema;
  description: string;
}

/** A query parameter that is only documented: its schema and what the OpenAPI document says of it. */
export interface DocumentedParam {
  schema: ParamSchema;
  description: string;
}

/**
 * A listing endpoint: its name (as carried in cursors), parameters with defaults, and page sizes; the
 * live API's other names for some parameters, and the parameters it takes that this one ignores.
 */
export interface ListingSpec<P extends object = object> {
  endpoint: string;
  params: Readonly<Partial<Record<keyof P & string, ParamSpec>>>;
  defaults: Readonly<P>;
  /**
   * What a cursor that leaves a parameter out means, when not `defaults`: cursors leave out what
   * equals these, so a default may change without changing the listing of a cursor minted before it.
   */
  carriedDefaults?: Readonly<P>;
  /** Other names of parameters: parsed as the parameter `of` (one of `params`); sent with it, they must agree. */
  synonyms?: Readonly<Record<string, { of: string; description: string }>>;
  /** Accepted with any value and ignored (unknown parameters are too): listed for the OpenAPI document. */
  ignored?: Readonly<Record<string, DocumentedParam>>;
  defaultSize: number;
  maxSize: number;
}
