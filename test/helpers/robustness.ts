/**
 * Everything the robustness suites share, in one import. Each piece lives in its own file
 * (exchange, in-parallel, waiting, seeded-rng, process-resources, run-cli-bounded); new code
 * may import those directly.
 */
export { exchange, keepAliveAgent, type Answer, type Exchange } from './exchange.js';
export { inParallel } from './in-parallel.js';
export { gcFunction, openFds, pendingTimers } from './process-resources.js';
export { runCliBounded, type BoundedCliResult } from './run-cli-bounded.js';
export { seededRng, type Rng } from './seeded-rng.js';
export { sleep, waitFor, within } from './waiting.js';
