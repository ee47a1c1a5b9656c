import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { Polka, Request } from 'polka';
import type { RequestHandler } from 'sirv';
import { ApiError, shown } from '../errors/api-error.js';
import { isAddress } from '../math/is-address.js';
import type { ServedSnapshot } from '../snapshot/served/served-snapshot.js';
import { ALLOW } from '../api/route-paths.js';
import { notModified } from './send.js';
import { tokenLogoSvg } from '../snapshot/served/logo-svg.js';

export interface StaticOptions {
  /** Folder of the landing page and its assets; default this package's `src/static/`. */
  dir?: string;
}

// The same relative path from src/http (tsx), dist/http (tsc output) and dist/bundle (the package's
// bundle, whose files lie one folder deep too) reaches src/static.
const STATIC_DIR = fileURLToPath(new URL('../../src/static/', import.meta.url));
const LOGO = /^\/static\/tokens\/([^/]*)\.svg$/;

function notFound(req: Request): ApiError {
  return new ApiError(404, 'not_found', `no file at ${shown(req.path)}`);
}

/** `GET /static/tokens/<mint>.svg`: the logo of a token of the snapshot, cached for good by clients. */
function sendLogo(req: Request, res: ServerResponse, snapshot: ServedSnapshot): void {
  const mint = LOGO.exec(req.path)?.[1];
  if (mint === undefined || !isAddress(mint)) throw notFound(req);
  const id = snapshot.tokenId(mint);
  if (id === undefined) throw new ApiError(404, 'not_found', `no token ${shown(mint)} in this snapshot`);
  const svg = Buffer.from(tokenLogoSvg(mint, snapshot.tokenSymbol(id)));
  const etag = `"${createHash('sha1').update(svg).digest('base64url')}"`;
  res.setHeader('Content-Type', 'image/svg+xml');
  res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  res.setHeader('ETag', etag);
  if (notModified(req, etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.setHeader('Content-Length', svg.length);
  res.statusCode = 200;
  res.end(req.method === 'HEAD' ? undefined : svg);
}

/**
 * The page's policy (docs/api.md §8.1): scripts, styles and requests of its own origin only, no inline script
 * or handler, no frames; images from anywhere, as a recording's `imageUrl` may point at the live CDN.
 */
const PAGE_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data: http: https:; " +
  "object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

function pageHeaders(res: ServerResponse): void {
  res.setHeader('Content-Security-Policy', PAGE_POLICY);
  res.setHeader('X-Content-Type-Options', 'nosniff');
}

/**
 * sirv in production mode: it lists the folder once, on the first request for a file, and answers
 * only names from that list, so no request path, however encoded, can reach a file outside it. A
 * missing folder (a package installed without it) serves nothing rather than failing the server.
 * Loaded then, not at start: a test worker's server never serves the page (docs/performance.md §8).
 */
async function assetHandler(dir: string): Promise<RequestHandler> {
  if (!existsSync(dir)) return (_req, _res, next) => void next?.();
  const { default: sirv } = await import('sirv');
  return sirv(dir, { dev: false, etag: true, maxAge: 0, extensions: [], dotfiles: false, setHeaders: pageHeaders });
}

/** Hands `/` (as /index.html) or `/static/<name>` (as /<name>) to sirv; what it does not have is a 404. */
function serveAsset(assets: RequestHandler, req: Request, res: ServerResponse): void {
  // sirv would drop a trailing slash and answer `/static/app.js/` with app.js: one name per file.
  if (req.path !== '/' && req.path.endsWith('/')) throw notFound(req);
  const url = req.url;
  req.url = req.path === '/' ? '/index.html' : req.path.slice('/static'.length);
  // sirv trusts Range blindly (a reversed range throws after the headers went out): files are small, send them whole.
  delete req.headers.range;
  // sirv pipes a file stream with no error listener: a file removed after start would crash the process.
  res.once('pipe', (source) => source.once('error', () => res.destroy()));
  let missing = false;
  try {
    assets(req, res, () => {
      missing = true;
    });
  } finally {
    req.url = url;
  }
  if (missing) throw notFound(req);
}

/**
 * Mounts the landing page (`/`), its assets (`/static/…`, from `src/static/`) and the token logos
 * (`/static/tokens/<mint>.svg`). Mount it before the chaos middleware: these are never delayed or
 * failed. Other paths pass straight through, so API requests pay one string comparison.
 * @example
 * const app = polka();
 * mountStatic(app, openServedSnapshot('snapshots/default.sqlite'));
 */
export function mountStatic(app: Polka, snapshot: ServedSnapshot, options: StaticOptions = {}): void {
  let assets: Promise<RequestHandler> | undefined;
  app.use(function staticFiles(req, res, next) {
    const path = req.path;
    if (path !== '/' && !path.startsWith('/static/')) return next();
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      throw new ApiError(
        405,
        'method_not_allowed',
        `${req.method} is not allowed; static files answer GET, HEAD, OPTIONS`,
        {},
        ALLOW,
      );
    }
    if (path.startsWith('/static/tokens/')) return sendLogo(req, res, snapshot);
    return (assets ??= assetHandler(options.dir ?? STATIC_DIR)).then((handler) => serveAsset(handler, req, res));
  });
}
