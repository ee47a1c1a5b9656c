import { API_BASE } from '../api/route-paths.js';
import { ROUTES } from '../api/routes.js';

const PATTERNS = ROUTES.map((route) => ({ key: `GET ${route.path}`, segments: route.path.split('/').slice(1) }));

/**
 * The route key (`GET /pools/:address`) of an API path such as `/v2/solana/pools/<address>`, as chaos
 * settings name routes; null for paths that are no route. Literal segments win over parameters.
 */
export function matchRouteKey(path: string): string | null {
  const prefix = `${API_BASE}/`;
  if (!path.startsWith(prefix)) return null;
  // polka serves a path with a trailing slash as without it; route settings must apply alike.
  const segments = path.slice(prefix.length).replace(/\/$/, '').split('/');
  const fits = PATTERNS.filter(
    (p) => p.segments.length === segments.length && p.segments.every((s, i) => s.startsWith(':') || s === segments[i]),
  );
  fits.sort(
    (a, b) => b.segments.filter((s) => !s.startsWith(':')).length - a.segments.filter((s) => !s.startsWith(':')).length,
  );
  return fits[0]?.key ?? null;
}
