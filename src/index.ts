/**
 * clmm-mock as a library: start a mock server inside a test runner (one per worker, on port 0),
 * flip routes to failing and read what was requested; generate, record or export snapshots.
 * Importing it loads only what serving needs; the generator, the recorder, the exporter and the
 * OpenAPI builder load on their first call (docs/performance.md §8).
 * @example
 * import { createMockServer } from 'clmm-mock';
 * const server = await createMockServer({ snapshot: 'snapshots/default.sqlite', port: 0 });
 * server.chaos.replace({ routes: { 'GET /pools/:address': { errorRate: 1, errorStatus: [503] } } });
 * // ... run the app under test against server.url, then:
 * server.chaos.journal.entries(); // what it requested, with the fault applied to each
 * await server.close();
 */
import type { ChaosSettings as AnyRouteChaosSettings } from './chaos/chaos-settings.js';
import type { MockChaos as AnyRouteMockChaos } from './chaos/chaos-controller.js';
import type { RouteKey } from './api/route-paths.js';
import type { ExportOptions, ExportSummary } from './export/export-snapshot.js';
import type { GenerateOptions, GenerateSummary } from './generator/run/generate-snapshot.js';
import type { OpenApiDocument, OpenApiOptions } from './openapi/build-openapi.js';
import type { RecordOptions, RecordSummary } from './record/record-snapshot.js';

export { createMockServer, type MockServer, type MockServerOptions } from './http/create-mock-server.js';
export { ChaosConfigError } from './chaos/parse-chaos-config.js';
export type { JournalEntry } from './chaos/journal.js';
export type { RequestLogEntry } from './http/request-log.js';
export type { FaultSetting, RouteChaosSettings } from './chaos/chaos-settings.js';
export type { RouteKey, RoutePath } from './api/route-paths.js';
/** Chaos settings whose route keys are this API's routes: `'GET /pools/:address'`; a typo fails to compile. */
export type ChaosSettings = AnyRouteChaosSettings<RouteKey>;
/** A server's chaos in process (`server.chaos`): replace, reset, describe and the journal. */
export type MockChaos = AnyRouteMockChaos<RouteKey>;
export type { GenerateOptions, GenerateSummary, RecordOptions, RecordSummary, ExportOptions, ExportSummary };
export type { ExportEntry, ExportIndex } from './export/export-snapshot.js';
export type { OpenApiDocument, OpenApiOptions };
export { DEFAULT_AS_OF } from './generator/run/defaults.js';
export { RecordError } from './record/record-error.js';
export type { MarketFile, MarketPool, MarketToken } from './generator/declared/market-file.js';
export type { MarketChange, MarketInfo, MockMarket, PoolChange, TokenChange } from './moves/market-info.js';
export { SnapshotError } from './snapshot/served/snapshot-error.js';
export type * from './api/api-types.js';

/**
 * Writes a snapshot (docs/snapshot-format.md §5); the generator and faker load on the first call.
 * @example await generateSnapshot({ seed: 42, pools: 500, tokens: 200, out: 'snapshots/demo.sqlite' })
 */
export async function generateSnapshot(options: GenerateOptions): Promise<GenerateSummary> {
  return (await import('./generator/run/generate-snapshot.js')).generateSnapshot(options);
}

/**
 * Records a live API into a snapshot (docs/snapshot-format.md §6); the recorder loads on the first call.
 * @example await recordSnapshot({ from: 'http://127.0.0.1:8080/v2/solana', out: 'snapshots/recorded.sqlite' })
 */
export async function recordSnapshot(options: RecordOptions): Promise<RecordSummary> {
  return (await import('./record/record-snapshot.js')).recordSnapshot(options);
}

/**
 * Writes a snapshot's responses as static files (docs/export.md). Asynchronous here, since the exporter
 * loads on the first call; `clmm-mock/export` exports the synchronous function.
 * @example await exportSnapshot({ snapshot: 'snapshots/default.sqlite', out: 'mocks/api' })
 */
export async function exportSnapshot(options: ExportOptions): Promise<ExportSummary> {
  return (await import('./export/export-snapshot.js')).exportSnapshot(options);
}

/**
 * The OpenAPI 3.1 document (docs/api.md §10), of the spec dialect or, with `wire: 'upstream'`, of the
 * live API's. Asynchronous here, since the builder and the TypeBox schemas load on the first call;
 * `clmm-mock/openapi` exports the synchronous function.
 * @example const doc = await buildOpenApi({ serverUrl: 'http://127.0.0.1:8080/v2/solana', wire: 'upstream' });
 */
export async function buildOpenApi(options: OpenApiOptions = {}): Promise<OpenApiDocument> {
  return (await import('./openapi/build-openapi.js')).buildOpenApi(options);
}
