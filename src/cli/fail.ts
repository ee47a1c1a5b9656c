/** A problem the user can fix: printed as one line, exit code 1 (2 for bad arguments). */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message);
  }
}

/** Prints one line naming the problem and exits; stack traces are for bugs only. */
export function exitWith(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`clmm-mock: ${message}\n`);
  process.exit(error instanceof UsageError ? error.exitCode : 1);
}
