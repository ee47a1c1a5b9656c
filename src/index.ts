/**
 * clmm-mock as a library: start a mock server inside a test runner (one per worker, on port 0),
 * flip routes to failing and read what was requested; generate, record or export snapshots.
 * @example
 * import { createMockServer } from 'clmm-mock';
 * const server = await createMockServer({ snapshot: 'snapshots/default.sqlite', port: 0 });
 * server.chaos.replace({ routes: { 'GET /pools/:address': { errorRate: 1, errorStatus: [503] } } });
 * // ... run the app under test against server.url, then:
 * server.chaos.journal.entries(); // what it requested, with the fault applied to each
 * await server.close();
 */
import type { ChaosSettings as AnyRouteChaosSettings } from './chaos/chaos-settings.js';
import type { MockChaos as AnyRouteMockChaos } from './chaos/mock-chaos.js';
import type { RouteKey } from './api/route-paths.js';

export { createMockServer, type MockServer, type MockServerOptions } from './http/create-mock-server.js';
export { ChaosConfigError } from './chaos/parse-chaos-config.js';
export type { JournalEntry } from './chaos/journal.js';
export type { FaultSetting, RouteChaosSettings } from './chaos/chaos-settings.js';
export type { RouteKey, RoutePath } from './api/route-paths.js';
/** Chaos settings whose route keys are this API's routes: `'GET /pools/:address'`; a typo fails to compile. */
export type ChaosSettings = AnyRouteChaosSettings<RouteKey>;
/** A server's chaos in process (`server.chaos`): replace, reset, describe and the journal. */
export type MockChaos = AnyRouteMockChaos<RouteKey>;
export {
  generateSnapshot,
  type GenerateOptions,
  type GenerateSummary,
  DEFAULT_AS_OF,
} from './generator/generate-snapshot.js';
export { recordSnapshot, RecordError, type RecordOptions, type RecordSummary } from './record/record-snapshot.js';
export {
  exportSnapshot,
  type ExportEntry,
  type ExportIndex,
  type ExportOptions,
  type ExportSummary,
} from './export/export-snapshot.js';
export { buildOpenApi } from './openapi/build-openapi.js';
export { SnapshotError } from './snapshot/snapshot-error.js';
export type * from './api/api-types.js';
