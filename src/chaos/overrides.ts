import type { IncomingMessage } from 'node:http';
import { invalidParameter, repeatedParameter } from '../errors/api-error.js';
import { TRANSPORT_FAULTS, type FaultKind, type TransportFault } from './chaos-settings.js';
import type { Overrides } from './decide.js';

const OVERRIDE_PARAMS = ['__status', '__delay'];

function parseStatus(name: string, raw: string): FaultKind {
  const value = raw.trim();
  if ((TRANSPORT_FAULTS as readonly string[]).includes(value)) return value as TransportFault;
  if (/^\d{3}$/.test(value) && (value === '200' || (Number(value) >= 400 && Number(value) <= 599)))
    return Number(value);
  throw invalidParameter(
    name,
    `${name} must be 200, an HTTP status from 400 to 599, or one of ${TRANSPORT_FAULTS.join(', ')}; got '${raw}'`,
  );
}

/** The one value of an override query parameter; repeating it is a 400, as for the API's own (docs/api.md §3.1). */
function onlyValue(search: URLSearchParams, name: string): string | undefined {
  const values = search.getAll(name);
  if (values.length > 1) throw repeatedParameter(name, Array<string>(values.length).fill(name));
  return values[0];
}

function parseDelay(name: string, raw: string): number {
  if (!/^\d{1,6}$/.test(raw.trim()) || Number(raw) > 600_000)
    throw invalidParameter(name, `${name} must be milliseconds from 0 to 600000; got '${raw}'`);
  return Number(raw);
}

/**
 * Reads the per-request overrides (`x-mock-status`, `x-mock-delay` headers; `__status`, `__delay`
 * query parameters, which win) and removes the query parameters from `req.url`, so the API never sees them.
 */
export function takeOverrides(req: IncomingMessage): Overrides {
  const overrides: Overrides = {};
  const header = (name: string): string | undefined => {
    const value = req.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const status = header('x-mock-status');
  const delay = header('x-mock-delay');
  if (status !== undefined) overrides.status = parseStatus('x-mock-status', status);
  if (delay !== undefined) overrides.delayMs = parseDelay('x-mock-delay', delay);
  const url = req.url ?? '';
  const mark = url.indexOf('?');
  // Every API request passes here: parse the query only when it may hold an override ('__' or an escaped '_').
  if (mark < 0 || !(url.includes('__', mark) || /%5f/i.test(url))) return overrides;
  const search = new URLSearchParams(url.slice(mark + 1));
  if (!search.has('__status') && !search.has('__delay')) return overrides;
  const queryStatus = onlyValue(search, '__status');
  const queryDelay = onlyValue(search, '__delay');
  if (queryStatus !== undefined) overrides.status = parseStatus('__status', queryStatus);
  if (queryDelay !== undefined) overrides.delayMs = parseDelay('__delay', queryDelay);
  for (const name of OVERRIDE_PARAMS) search.delete(name);
  const rest = search.toString();
  req.url = rest ? `${url.slice(0, mark)}?${rest}` : url.slice(0, mark);
  return overrides;
}
