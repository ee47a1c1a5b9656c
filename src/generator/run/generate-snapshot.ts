import { existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { scaleAmount, trimZeros } from '../../math/decimal.js';
import { PERIODS } from '../../math/periods.js';
import type { SnapshotWriter } from '../../snapshot/format/snapshot-writer.js';
import { writeSnapshotAtomically } from '../../snapshot/format/write-atomically.js';
import type { BuildContext } from './pool-batch-build.js';
import { localBuilders, workerBuilders, type PoolBuilders } from './pool-builders.js';
import { eachPoolPlan } from '../plan/pool-plan.js';
import { createRandom } from '../random.js';
import { PoolSortCollector } from './pool-sort-collector.js';
import { drawExchangeSupplies, writeProtocol } from './protocol.js';
import { writePoolOrders, writeTokenOrders } from '../../snapshot/format/write-orders.js';
import { generateTokens } from '../tokens/tokens.js';
import { DEFAULT_AS_OF, GENERATOR_VERSION } from './defaults.js';
import { validateGenerateOptions } from './generate-options.js';
import { isoSeconds } from '../iso-seconds.js';
import type { TokenSeed } from '../types.js';
import { writePools } from './write-pools.js';
import { declaredListing } from '../declared/declared-listing.js';
import { readMarketFile, resolveMarket } from '../declared/declared-market.js';
import { withDeclaredPlans } from '../declared/declared-plans.js';
import type { MarketFile } from '../declared/market-file.js';

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
   * Pools from which worker threads help build pools (a non-negative integer; default 5000, where they pay for
   * their start). 0 uses them for any count, one above `pools` never: the rows are the same either way.
   */
  workerThreshold?: number;
}

export interface GenerateSummary {
  out: string;
  tokens: number;
  pools: number;
  positions: number;
  asOf: string;
  seed: number;
}

/** Pools from which worker threads pay for their start (a worker loads the generator anew); see `workerThreshold`. */
const WORKERS_FROM = 5000;

/**
 * One worker per spare core (at most 3) to build pools, while this thread plans, writes, and
 * builds too whenever the workers are behind. Without a spare core, or where workers cannot be
 * started (sources run without tsx), this thread builds alone: the rows are the same either way.
 */
function startBuilders(context: BuildContext, pools: number, workersFrom: number): PoolBuilders {
  const spare = Math.min(3, availableParallelism() - 1);
  if (spare < 1 || pools < workersFrom) return localBuilders(context);
  try {
    return workerBuilders(context, spare);
  } catch {
    return localBuilders(context);
  }
}

/** Every pool and token sort order, both directions; the address order is shared by the pool keys. */
function writeOrders(
  writer: SnapshotWriter,
  collector: PoolSortCollector,
  tokens: readonly TokenSeed[],
  tokenVolumes: readonly string[],
): void {
  writePoolOrders(writer, collector.ids, collector.addresses, (k) => collector.column(k));
  writeTokenOrders(
    writer,
    tokens.map((t) => t.id),
    tokens.map((t) => t.address),
    tokenVolumes,
  );
}

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
  return writeSnapshotAtomically(
    options.out,
    async (writer) => {
      const collector = new PoolSortCollector(tokens.length);
      const workersFrom = options.workerThreshold ?? WORKERS_FROM;
      const context = { tokens, drawnTokens: generated.length, seed: options.seed, asOf };
      const builders = startBuilders(context, options.pools, workersFrom);
      try {
        const total = options.pools + (declared?.pools.length ?? 0);
        const progress = { total, onProgress: options.onProgress, signal: options.signal };
        const plans = eachPoolPlan(options.pools, options.seed, generated);
        const all = declared ? withDeclaredPlans(plans, declared.pools, tokens, options.pools, options.seed) : plans;
        await writePools(all, builders, writer, collector, progress);
      } finally {
        await builders.close();
      }
      const tokenVolumes = tokens.map((t) => trimZeros(scaleAmount(collector.tokenVolumeMicro[t.id]!, 6)));
      tokens.forEach((token, i) => writer.token(token, tokenVolumes[i]!));
      writeOrders(writer, collector, tokens, tokenVolumes);
      writeProtocol(writer, tokens, collector, supplies);
      const summary = {
        out: options.out,
        tokens: tokens.length,
        pools: collector.ids.length,
        positions: collector.positions,
        asOf: isoSeconds(asOf),
        seed: options.seed,
      };
      writer.meta({
        seed: String(options.seed),
        generatorVersion: GENERATOR_VERSION,
        asOf: summary.asOf,
        tokenCount: String(summary.tokens),
        poolCount: String(summary.pools),
        positionCount: String(summary.positions),
        periods: PERIODS.map((p) => p.name).join(','),
        cursorKey: createHash('sha256')
          .update(`${GENERATOR_VERSION}|${options.seed}|${summary.asOf}|${summary.tokens}|${summary.pools}`)
          .update(file ? `|${JSON.stringify(file)}` : '')
          .digest('hex'),
        ...(declared && { declared: declaredListing(declared, tokens) }),
      });
      return summary;
    },
    { signal: options.signal, interrupted: 'generation interrupted' },
  );
}
