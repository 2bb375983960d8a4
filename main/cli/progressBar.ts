export interface ProgressBarOptions {
  /** Show the megabytes done of the total beside the percentage (downloads); default true. */
  megabytes?: boolean;
  stream?: NodeJS.WriteStream;
}

/**
 * A progress bar on stderr: redrawn in place on a terminal, a line per 10% otherwise. `finish`
 * ends its line, so other lines can be written; a later `update` draws it again below them.
 */
export function progressBar(label: string, options: ProgressBarOptions = {}) {
  const { megabytes = true, stream = process.stderr } = options;
  const width = 30;
  let shown = -1;
  return {
    update(done: number, total: number): void {
      const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
      const step = stream.isTTY ? percent : Math.floor(percent / 10) * 10;
      if (step === shown) return;
      shown = step;
      const filled = Math.round((percent / 100) * width);
      const bar = `${'#'.repeat(filled)}${'-'.repeat(width - filled)}`;
      const amounts = megabytes ? ` ${inMegabytes(done)}/${inMegabytes(total)} MB` : '';
      const line = `${label} [${bar}] ${String(percent).padStart(3)}%${amounts}`;
      stream.write(stream.isTTY ? `\r${line}` : `${line}\n`);
    },
    finish(): void {
      if (stream.isTTY && shown >= 0) stream.write('\n');
      shown = -1;
    },
  };
}

function inMegabytes(bytes: number): string {
  return (bytes / 1_000_000).toFixed(1);
}
