/** A download progress bar on stderr: redrawn in place on a terminal, a line per 10% otherwise. */
export function progressBar(label: string, stream: NodeJS.WriteStream = process.stderr) {
  const width = 30;
  let shown = -1;
  return {
    update(doneBytes: number, totalBytes: number): void {
      const percent = totalBytes === 0 ? 100 : Math.floor((doneBytes / totalBytes) * 100);
      const step = stream.isTTY ? percent : Math.floor(percent / 10) * 10;
      if (step === shown) return;
      shown = step;
      const filled = Math.round((percent / 100) * width);
      const bar = `${'#'.repeat(filled)}${'-'.repeat(width - filled)}`;
      const line = `${label} [${bar}] ${String(percent).padStart(3)}% ${megabytes(doneBytes)}/${megabytes(totalBytes)} MB`;
      stream.write(stream.isTTY ? `\r${line}` : `${line}\n`);
    },
    finish(): void {
      if (stream.isTTY && shown >= 0) stream.write('\n');
    },
  };
}

function megabytes(bytes: number): string {
  return (bytes / 1_000_000).toFixed(1);
}
