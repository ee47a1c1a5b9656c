import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Polka } from 'polka';
import type { ChaosController } from '../chaos/chaos-controller.js';
import type { ServedSnapshot } from '../snapshot/served/served-snapshot.js';

/**
 * Hands the server's requests to the app and listens. Polka's listen() would defer every request to the
 * next turn of the event loop (setImmediate), a share of a detail's time that shows in process
 * (docs/performance.md §5); its handler, called without a `next` (it then ends the chain with its own),
 * answers at once.
 */
export function listen(server: Server, app: Polka, port: number, host: string): Promise<void> {
  server.on('request', app.handler as (req: IncomingMessage, res: ServerResponse) => void);
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
}

/**
 * Closing: stop accepting, let in-flight responses (injected delays too) finish within the grace
 * period, close keep-alive connections as they fall idle, then close the snapshot.
 */
export function closer(
  server: Server,
  snapshot: ServedSnapshot,
  chaos: ChaosController,
  gracePeriodMs: number,
  stopMarket: () => Promise<void> = async () => undefined,
): () => Promise<void> {
  return () =>
    new Promise<void>((resolve) => {
      // The clock stops at once; a change in progress finishes before the snapshot closes.
      const stopped = stopMarket();
      const grace = setTimeout(() => server.closeAllConnections(), gracePeriodMs);
      const sweep = setInterval(() => server.closeIdleConnections(), 50);
      server.close(() => {
        clearTimeout(grace);
        clearInterval(sweep);
        void stopped.then(() => {
          snapshot.close();
          // Responses' close events (which clear injected-delay timers) follow the server's: let them run first.
          setImmediate(resolve);
        });
      });
      chaos.releaseAll();
      server.closeIdleConnections();
    });
}
