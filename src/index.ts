/**
 * clmm-mock as a library: start a mock server inside a test runner, or generate snapshots.
 * @example
 * import { createMockServer } from 'clmm-mock';
 * const server = await createMockServer({ snapshot: 'snapshots/default.sqlite', port: 0 });
 * // ... point the app under test at server.url ...
 * await server.close();
 */
export { createMockServer, type MockServer, type MockServerOptions } from './http/create-mock-server.js';
export { generateSnapshot, type GenerateOptions, type GenerateSummary, DEFAULT_AS_OF } from './generator/generate-snapshot.js';
export { SnapshotError } from './snapshot/open-snapshot.js';
export type * from './http/api-types.js';
