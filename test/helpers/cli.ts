import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The built binary, as `npx clmm-mock` runs it (npm test builds it first). */
export const BIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the binary to completion, in `env` (default: this process's). */
export function runCli(args: string[], env: NodeJS.ProcessEnv = process.env): CliResult {
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 120_000, env });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/**
 * Starts the binary, sends `signal` once `ready(stderr+stdout)` holds or after `afterMs`, and resolves when it exits.
 */
export function interruptCli(args: string[], afterMs: number, signal: NodeJS.Signals = 'SIGINT'): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '',
      stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill(signal), afterMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/**
 * Starts the binary and resolves with its first stdout line and
 * a stop function that signals it and waits for its exit code.
 */
export function startCli(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{
  firstLine: string;
  stdout: () => string;
  stderr: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env });
    let stdout = '',
      stderr = '';
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no output line within 60 s; stderr: ${stderr}`));
    }, 60_000);
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const lines = stdout.split('\n');
      const listening = lines.find((l) => l.startsWith('listening on '));
      if (listening) {
        clearTimeout(timer);
        resolve({
          firstLine: listening,
          stdout: () => stdout,
          stderr: () => stderr,
          stop: (signal = 'SIGTERM') => (child.kill(signal), exited),
        });
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before listening; stderr: ${stderr}`));
    });
  });
}
