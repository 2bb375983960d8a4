/**
 * Ctrl-C while a command follows a job: the first asks the job to cancel, the second leaves at once
 * (exit 130). The commands that follow a job (`earshot transcribe`, `summarize`, `ask`, `correct`, …) share it.
 */
export class Interrupts {
  private readonly announce: () => void;
  private cancel: (() => unknown) | undefined;
  private count = 0;
  private readonly handler = () => {
    this.count++;
    if (this.count > 1) process.exit(130);
    this.announce();
    this.cancel?.();
  };

  constructor(announce: () => void) {
    this.announce = announce;
    process.on('SIGINT', this.handler);
  }

  /** Whether Ctrl-C was pressed, so a job that ends cancelled was cancelled by this user. */
  get interrupted(): boolean {
    return this.count > 0;
  }

  /** What the first Ctrl-C does; run at once when it came before there was a job to cancel. */
  onFirst(cancel: () => unknown): void {
    this.cancel = cancel;
    if (this.count > 0) cancel();
  }

  dispose(): void {
    process.off('SIGINT', this.handler);
  }
}
