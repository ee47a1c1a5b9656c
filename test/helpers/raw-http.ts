import { connect, type Socket } from 'node:net';

/** Clients below node:http: raw bytes on a socket, connections that stall, connection probes. */

export interface RawResult {
  /** The status of the first response line, or null when nothing parseable came back. */
  status: number | null;
  text: string;
  /** The server closed the connection. */
  closed: boolean;
}

/**
 * Writes raw bytes on a fresh connection and collects what comes back until the server closes it or `waitMs` passes.
 */
export function rawRequest(port: number, bytes: Buffer | string, waitMs = 3000): Promise<RawResult> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let closed = false;
    const finish = (): void => {
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('latin1');
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1];
      resolve({ status: status === undefined ? null : Number(status), text, closed });
    };
    const timer = setTimeout(finish, waitMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      closed = true;
      finish();
    });
    socket.write(bytes);
  });
}

export interface SlowClients {
  sockets: Socket[];
  stop: () => void;
  /** How many connections the server closed before `stop`. */
  closedByServer: () => number;
}

/**
 * Opens `count` connections that send a partial request, then
 * keep sending one header byte every `everyMs` (or nothing).
 */
export function slowClients(port: number, count: number, everyMs: number | null): SlowClients {
  const sockets: Socket[] = [];
  let closedByServer = 0;
  let stopped = false;
  const timers: NodeJS.Timeout[] = [];
  for (let i = 0; i < count; i++) {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    socket.on('close', () => {
      if (!stopped) closedByServer++;
    });
    socket.write(
      i % 2 === 0 ? 'GET /v2/solana/pools?size=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ' : 'GET /v2/solana/po',
    );
    if (everyMs !== null) timers.push(setInterval(() => socket.writable && socket.write('a'), everyMs));
    sockets.push(socket);
  }
  return {
    sockets,
    closedByServer: () => closedByServer,
    stop: () => {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      for (const socket of sockets) socket.destroy();
    },
  };
}

/**
 * What a new TCP connection to the port meets: `accepted`, an
 * error code such as `ECONNREFUSED`, or no answer within 2 s.
 */
export function refused(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const timer = setTimeout(() => {
      socket.destroy();
      resolve('no answer within 2 s');
    }, 2000);
    socket.on('connect', () => {
      clearTimeout(timer);
      socket.destroy();
      resolve('accepted');
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve(error.code ?? error.message);
    });
  });
}
