import { existsSync } from 'node:fs';
import { createRandom } from '../random.js';
import { drawExchangeSupplies } from './protocol.js';
import { generateTokens } from '../tokens/tokens.js';
import { DEFAULT_AS_OF } from './defaults.js';
import { validateGenerateOptions } from './generate-options.js';
import { declaredListing } from '../declared/declared-listing.js';
import { readMarketFile, resolveMarket } from '../declared/declared-market.js';
import type { MarketFile } from '../declared/market-file.js';
import { spareCores } from './pool-builders.js';
import type { GenerateSummary } from './finish-snapshot.js';
import { runGenerationJob, type GenerationJob, type GenerationResult, type JobProgress } from './generation-job.js';
import { runInWriterThread } from './writer-thread.js';

export type { GenerateSummary } from './finish-snapshot.js';

export interface GenerateOptions {
  seed: number;
  pools: number;
  tokens: number;
  out: string;
  asOf?: string;
  force?: boolean;
  /** Called after each batch of pools with how many are done. */
  onProgress?: (done: number, total: number) => void;
  /** Aborting stops the run between batches; nothing is left at `out`. */
  signal?: AbortSignal;
  /**
   * Tokens and pools to serve as declared (docs/market-file.md): a market file's content, or its path. A
   * declared pool takes the place of the generated pool at its key or comes in addition; `pools` counts the
   * generated ones.
   */
  market?: MarketFile | string;
  /**
   * Pools from which worker threads build pools and write the snapshot (a non-negative integer; default 5000,
   * where they pay for their start). 0 uses them for any count, one above `pools` never: the rows are the same
   * either way.
   */
  workerThreshold?: number;
}

/** Pools from which worker threads pay for their start (a worker loads the generator anew); see `workerThreshold`. */
const WORKERS_FROM = 5000;

/**
 * Generates a snapshot, written atomically (writeSnapshotAtomically): an interrupted or failed run
 * leaves nothing at `out`.
 * @example await generateSnapshot({ seed: 42, pools: 500, tokens: 200, out: 'snapshots/demo.sqlite' })
 */
export async function generateSnapshot(options: GenerateOptions): Promise<GenerateSummary> {
  const asOfText = options.asOf ?? DEFAULT_AS_OF;
  validateGenerateOptions({
    seed: options.seed,
    pools: options.pools,
    tokens: options.tokens,
    asOf: asOfText,
    workerThreshold: options.workerThreshold,
  });
  const asOf = new Date(asOfText);
  if (existsSync(options.out) && !options.force) throw new Error(`${options.out} exists; pass --force to overwrite it`);
  const supplies = drawExchangeSupplies(createRandom(options.seed, 'protocol'));
  const tokenContext = { asOf, exchangeTotalMicro: supplies.totalMicro };
  const generated = generateTokens(options.tokens, options.seed, createRandom(options.seed, 'tokens'), tokenContext);
  // Resolved before anything is written: a market file that cannot be built leaves nothing at `out`.
  const file = typeof options.market === 'string' ? readMarketFile(options.market) : options.market;
  const declared = file ? resolveMarket(file, generated, options.seed, tokenContext) : null;
  const tokens = declared ? [...generated, ...declared.tokens] : generated;
  const job: GenerationJob = {
    out: options.out,
    seed: options.seed,
    pools: options.pools,
    asOf,
    tokens,
    drawnTokens: generated.length,
    declaredPools: declared?.pools ?? null,
    declaredListing: declared ? declaredListing(declared, tokens) : null,
    marketJson: file ? JSON.stringify(file) : null,
    supplies,
    poolWorkers: spareCores(options.pools, options.workerThreshold ?? WORKERS_FROM),
  };
  const progress = { onProgress: options.onProgress, signal: options.signal };
  return (await runJob(job, progress)).summary;
}

/**
 * Where worker threads build pools, the writing runs in a thread of its own too (writer-thread.ts), with a
 * young generation this thread cannot be given; the rows are the same either way.
 */
function runJob(job: GenerationJob, progress: JobProgress): Promise<GenerationResult> {
  if (job.poolWorkers > 0) {
    try {
      return runInWriterThread(job, progress);
    } catch {
      // No worker can be started here (sources run without tsx): this thread writes.
    }
  }
  return runGenerationJob(job, progress);
}
