/**
 * A progress line on stderr, redrawn in place, only when stderr is a terminal (CI logs and pipes
 * stay clean). Returns the reporter and a function that clears the line.
 */
export function terminalProgress(label: string): {
  report: (done: number, total: number, step?: string) => void;
  clear: () => void;
} {
  const tty = process.stderr.isTTY === true;
  let shown = false;
  return {
    report(done, total, step) {
      if (!tty) return;
      const percent = total > 0 ? Math.floor((done / total) * 100) : 100;
      process.stderr.write(`\r\x1b[K${label}${step ? ` ${step}` : ''} ${done}/${total} (${percent}%)`);
      shown = true;
    },
    clear() {
      if (shown) process.stderr.write('\r\x1b[K');
    },
  };
}
