/**
 * An answer shown as it grows, on a terminal: each new piece is written after the last. An answer
 * that starts over (the model was asked again) goes on below a note. What a script reads is only
 * the answer as saved: when the output is not a terminal nothing is written before `finish`.
 */
export class StreamedAnswer {
  private readonly stream: NodeJS.WritableStream & { isTTY?: boolean };
  private written = '';

  constructor(stream: NodeJS.WritableStream & { isTTY?: boolean }) {
    this.stream = stream;
  }

  /** Whether some of the answer is on the terminal, so nothing else should be drawn among it. */
  get started(): boolean {
    return this.written !== '';
  }

  /** The answer as it stands now. */
  show(answer: string): void {
    // Trailing spaces wait for the words after them: the answer as saved may end right there.
    const shown = answer.trimEnd();
    if (this.stream.isTTY !== true || shown === this.written) return;
    if (shown.startsWith(this.written)) {
      this.stream.write(shown.slice(this.written.length));
    } else {
      this.stream.write(`\n\n(The model was asked again; the answer starts over.)\n\n${shown}`);
    }
    this.written = shown;
  }

  /**
   * The answer as saved. Its citations were checked against the transcript as it was saved, so a
   * time that pointed at nothing is gone from it: if it is not what streamed, it follows in full.
   */
  finish(answer: string): void {
    if (this.written === '') this.stream.write(`${answer}\n`);
    else if (answer.startsWith(this.written)) this.stream.write(`${answer.slice(this.written.length)}\n`);
    else this.stream.write(`\n\n(As saved, its citations checked against the transcript:)\n\n${answer}\n`);
    this.written = '';
  }

  /** Ends the line of an answer that will not be finished, so what follows starts on its own. */
  breakOff(): void {
    if (this.written !== '') this.stream.write('\n');
    this.written = '';
  }
}
