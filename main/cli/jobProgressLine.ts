import type { FileJobStatus } from '../../actors/fileJob/fileJob.ts';

/**
 * A job's progress as one updating line on a terminal; plain lines, only when something a reader
 * cares about changes, otherwise. `earshot transcribe` and `earshot jobs show --wait` share it for
 * file jobs, so a job followed either way reads the same; `earshot summarize` writes its AI job's
 * own text with `showLine`.
 */
export class JobProgressLine {
  private readonly stream: NodeJS.WriteStream;
  private shown = '';
  private open = false;

  constructor(stream: NodeJS.WriteStream) {
    this.stream = stream;
  }

  show(status: FileJobStatus): void {
    // A job refused before it began (P14 not set up) has nothing to report but the reason, which
    // follows: "failed 0%" above it would say the same thing twice.
    const failed = status.state === 'failing' || status.state === 'failed';
    if (failed && status.progress === 0) return;
    const percent = Math.floor(status.progress * 100);
    // A log gets a line per step and per tenth of the way, a terminal every percent.
    const step = this.stream.isTTY ? percent : Math.floor(percent / 10) * 10;
    this.showLine(`${status.title}: ${describeJobStep(status)} ${step}%`);
  }

  /** Shows `text` as the progress, unless it is what the line already says. */
  showLine(text: string): void {
    if (text === this.shown) return;
    this.shown = text;
    if (this.stream.isTTY) {
      this.stream.write(`\r\x1b[K${text}`);
      this.open = true;
    } else {
      this.stream.write(`${text}\n`);
    }
  }

  note(text: string): void {
    this.end();
    this.stream.write(`${text}\n`);
  }

  /** Ends the updating line, so what follows starts on its own; the next `show` draws it anew below. */
  end(): void {
    if (!this.open) return;
    this.stream.write('\n');
    this.open = false;
    this.shown = '';
  }
}

function describeJobStep(status: FileJobStatus): string {
  const chunk = status.chunkCount > 1 ? ` chunk ${status.chunkIndex + 1}/${status.chunkCount}` : '';
  switch (status.state) {
    case 'queued':
      return 'waiting for other jobs to finish';
    case 'preparing':
      return 'decoding';
    case 'opening':
      return 'creating the session';
    case 'uploading':
      return `uploading${chunk}`;
    case 'processing':
      return `transcribing${chunk}`;
    case 'saving':
      return `saving${chunk}`;
    case 'finishing':
      return 'finishing';
    case 'failing':
    case 'failed':
      return 'failed';
    case 'cancelling':
      return 'cancelling';
    case 'cancelled':
      return 'cancelled';
    case 'completed':
      return 'done';
  }
}
