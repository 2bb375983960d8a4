/**
 * The ended jobs the user cleared from the Files page, for as long as the tab is open: the service
 * keeps listing them (the CLI reads the same list), so the page leaves them out itself.
 */
class ClearedJobs {
  private ids: ReadonlySet<string> = new Set();
  private readonly listeners = new Set<() => void>();

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = (): ReadonlySet<string> => this.ids;

  add(jobIds: string[]): void {
    this.ids = new Set([...this.ids, ...jobIds]);
    for (const listener of this.listeners) listener();
  }
}

export const clearedJobs = new ClearedJobs();
