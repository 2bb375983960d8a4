/**
 * The tentative tail: one rewritten stderr line on a terminal; elsewhere a `~ ` line each time it
 * changes, so a log still shows what was heard before it was committed.
 */
export class TentativeLine {
  private readonly stream: NodeJS.WriteStream;
  private shown = false;
  private lastText = '';

  constructor(stream: NodeJS.WriteStream) {
    this.stream = stream;
  }

  show(text: string): void {
    if (!this.stream.isTTY) {
      if (text !== '' && text !== this.lastText) this.stream.write(`~ ${text}\n`);
      this.lastText = text;
      return;
    }
    const width = Math.max(10, (this.stream.columns || 80) - 1);
    const line = text.length > width ? `…${text.slice(-(width - 1))}` : text;
    this.stream.write(`\r\x1b[2K\x1b[2m${line}\x1b[0m`);
    this.shown = true;
  }

  note(text: string): void {
    this.clear();
    this.stream.write(`${text}\n`);
  }

  clear(): void {
    if (!this.shown) return;
    this.stream.write('\r\x1b[2K');
    this.shown = false;
  }
}
