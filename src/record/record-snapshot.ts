import { existsSync } from 'node:fs';
import { isIsoSecond } from '../generator/iso-seconds.js';
import { writeSnapshotAtomically } from '../snapshot/format/write/write-atomically.js';
import { crawl } from './crawl.js';
import { detectMockSource, logoMapper } from './source-facts.js';
import { upstreamClient } from './upstream-client.js';
import { RecordError } from './wire-values.js';
import { writeRecorded } from './write-recorded.js';

export { RecordError } from './wire-values.js';

export interface RecordOptions {
  /** Base URL of the API to record, e.g. `https://api.example.com/v2/solana`. */
  from: string;
  out: string;
  force?: boolean;
  /**
   * The instant the recording describes (ISO 8601 UTC to the second);
   * default a clmm-mock source's own asOf, else `fallbackAsOf`.
   */
  asOf?: string;
  /**
   * The instant for a source that is not a clmm-mock when `asOf`
   * is not given (the command line passes the time of recording).
   */
  fallbackAsOf?: string;
  /** Per-pool requests in flight; default 8. */
  concurrency?: number;
  onProgress?: (step: string, done: number, total: number) => void;
  /** Told when the source answers 429 and the recorder waits its Retry-After. */
  onWait?: (seconds: number, url: string) => void;
  /** Aborting stops the crawl; nothing is left at `out`. */
  signal?: AbortSignal;
}

export interface RecordSummary {
  out: string;
  tokens: number;
  pools: number;
  asOf: string;
  /** Whether the source was a clmm-mock (its cursors and ETags then replay byte for byte). */
  fromMock: boolean;
  /**
   * What the recording did not take as the source said, one line each: a launch filter (`isWavebreak`)
   * the source ignored, and what was done instead. The command line prints them on stderr.
   */
  notes: string[];
}

function baseUrl(from: string): string {
  let url: URL | undefined;
  try {
    url = new URL(from);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new RecordError(
      `from must be an http(s) URL of the API, such as http://127.0.0.1:8080/v2/solana, got ${JSON.stringify(from)}`,
    );
  return from.replace(/\/+$/, '');
}

/**
 * Records a live v2 API (either wire shape) into a snapshot that `serve` replays: crawls every
 * listing page, detail and lock, waits out 429s, normalises to the spec, and writes atomically
 * (a failed or interrupted run leaves nothing at `out`).
 * @example await recordSnapshot({ from: 'http://127.0.0.1:8080/v2/solana', out: 'snapshots/recorded.sqlite' })
 */
export async function recordSnapshot(options: RecordOptions): Promise<RecordSummary> {
  const from = baseUrl(options.from);
  if (existsSync(options.out) && !options.force)
    throw new RecordError(`${options.out} exists; pass --force to overwrite it`);
  const mock = await detectMockSource(from, options.signal);
  const asOf = options.asOf ?? mock?.asOf ?? options.fallbackAsOf;
  if (asOf === undefined) throw new RecordError('asOf is required when the source is not a clmm-mock');
  if (!isIsoSecond(asOf)) {
    throw new RecordError(
      `asOf must be an ISO 8601 UTC instant to the second like 2026-01-01T00:00:00Z, got '${asOf}'`,
    );
  }
  const get = upstreamClient({ base: from, onWait: options.onWait, signal: options.signal });
  const crawled = await crawl({
    get,
    logo: logoMapper(mock !== null),
    concurrency: options.concurrency,
    onProgress: options.onProgress,
  });
  await writeSnapshotAtomically(
    options.out,
    (writer) => writeRecorded(writer, crawled, { from, asOf, seed: mock?.seed ?? 'none', cursorKey: mock?.cursorKey }),
    {
      signal: options.signal,
      interrupted: 'recording interrupted',
      errorOf: (message) => new RecordError(message),
    },
  );
  return {
    out: options.out,
    tokens: crawled.tokens.length,
    pools: crawled.pools.length,
    asOf,
    fromMock: mock !== null,
    notes: crawled.notes,
  };
}
