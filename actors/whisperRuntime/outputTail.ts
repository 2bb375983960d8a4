import type { Readable } from 'node:stream';

/** The last lines a process wrote, for failure messages and the status view. */
export class OutputTail {
  private readonly lines: string[] = [];
  private readonly limit: number;
  private partial = '';

  constructor(limit = 20) {
    this.limit = limit;
  }

  /** Reads `stream` to its end (which also keeps the child from blocking on a full pipe). */
  follow(stream: Readable): void {
    stream.setEncoding('utf8');
    stream.on('data', (text: string) => this.append(text));
    stream.on('end', () => this.flush());
  }

  append(text: string): void {
    const pieces = (this.partial + text).split(/\r?\n/);
    this.partial = pieces.pop() ?? '';
    for (const line of pieces) this.push(line);
  }

  snapshot(): string[] {
    return this.partial === '' ? [...this.lines] : [...this.lines, this.partial].slice(-this.limit);
  }

  private flush(): void {
    if (this.partial !== '') this.push(this.partial);
    this.partial = '';
  }

  private push(line: string): void {
    if (line.trim() === '') return;
    this.lines.push(line);
    if (this.lines.length > this.limit) this.lines.shift();
  }
}
