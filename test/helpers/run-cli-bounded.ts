import { spawn } from 'node:child_process';
import { BIN } from './cli.js';

export interface BoundedCliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** The binary printed `listening on …`: it started serving (and was then killed). */
  started: boolean;
  /** It neither exited nor started within the time allowed (and was then killed). */
  timedOut: boolean;
}

/**
 * Runs the built binary like runCli, but never for long: it is killed as soon as it prints
 * `listening on` (a server that should have refused to start) or after `timeoutMs`.
 */
export function runCliBounded(args: string[], timeoutMs = 15_000): Promise<BoundedCliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '',
      stderr = '',
      started = false,
      timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (!started && stdout.includes('listening on ')) {
        started = true;
        child.kill('SIGKILL');
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, started, timedOut });
    });
  });
}
