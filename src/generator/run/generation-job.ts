import { writeSnapshotAtomically } from '../../snapshot/format/write/write-atomically.js';
import type { PoolDeclaration } from '../declared/pool-declaration.js';
import { withDeclaredPlans } from '../declared/declared-plans.js';
import { eachPoolPlan } from '../plan/pool-plan.js';
import type { TokenSeed } from '../types.js';
import { finishSnapshot, type GenerateSummary } from './finish-snapshot.js';
import { startBuilders } from './pool-builders.js';
import { PoolSortCollector } from './pool-sort-collector.js';
import type { ExchangeSupplies } from './protocol.js';
import { writePools } from './write-pools.js';

/**
 * What writing a snapshot needs once its options are checked and its tokens drawn: plain data, so that the
 * writing may run in another thread (write-worker.ts) as well as in the caller's.
 */
export interface GenerationJob {
  out: string;
  seed: number;
  /** Pools to generate; declared ones come in addition. */
  pools: number;
  asOf: Date;
  /** Every token: the generated ones, then the declared ones. */
  tokens: TokenSeed[];
  drawnTokens: number;
  declaredPools: PoolDeclaration[] | null;
  /** The meta row's `declared` listing, and the market file as JSON (for the cursor key), when there is one. */
  declaredListing: string | null;
  marketJson: string | null;
  supplies: ExchangeSupplies;
  /** Pool worker threads to start (spareCores): 0 builds in the writing thread alone. */
  poolWorkers: number;
}

/** What a job reports: its summary, and how many batches pool workers built (the tests' evidence of them). */
export interface GenerationResult {
  summary: GenerateSummary;
  workerBatches: number;
}

export interface JobProgress {
  onProgress?: ((done: number, total: number) => void) | undefined;
  signal?: AbortSignal | undefined;
  /**
   * Awaited once every row is written, before the commit: a writing thread asks its caller there, whose
   * progress callbacks have all run by then, whether to commit (the signal says no).
   */
  beforeCommit?: (() => Promise<void>) | undefined;
}

/**
 * Writes a job's snapshot, atomically (writeSnapshotAtomically): an interrupted or failed run leaves
 * nothing at `out`.
 * @example const { summary } = await runGenerationJob(job, { onProgress: (done, total) => {} })
 */
export async function runGenerationJob(job: GenerationJob, progress: JobProgress): Promise<GenerationResult> {
  const { tokens, seed, asOf } = job;
  let workerBatches = 0;
  const summary = await writeSnapshotAtomically(
    job.out,
    async (writer) => {
      const collector = new PoolSortCollector(tokens.length);
      const builders = startBuilders({ tokens, drawnTokens: job.drawnTokens, seed, asOf }, job.poolWorkers);
      let summary: GenerateSummary;
      try {
        const total = job.pools + (job.declaredPools?.length ?? 0);
        const plans = eachPoolPlan(job.pools, seed, tokens.slice(0, job.drawnTokens));
        const all = job.declaredPools ? withDeclaredPlans(plans, job.declaredPools, tokens, job.pools, seed) : plans;
        await writePools(all, builders, writer, collector, { ...progress, total });
        summary = await finishSnapshot(job, writer, collector, builders);
      } finally {
        workerBatches = builders.workerBatches();
        await builders.close();
      }
      await progress.beforeCommit?.();
      return summary;
    },
    { signal: progress.signal, interrupted: 'generation interrupted' },
  );
  return { summary, workerBatches };
}
