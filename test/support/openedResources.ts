interface Closable {
  close(): unknown;
}

/**
 * What a test file opens in `beforeAll` (a browser, provider fakes) and closes in `afterAll`. When
 * one start fails, the others still finish and are kept for closing, and only the failure that
 * caused it is reported: cleanup never trips over what was never opened.
 */
export class OpenedResources {
  private readonly opened: Closable[] = [];

  async openTogether<T extends readonly Closable[]>(starts: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
    const results = await Promise.allSettled(starts);
    for (const result of results) {
      if (result.status === 'fulfilled') this.opened.push(result.value);
    }
    const failure = results.find((result) => result.status === 'rejected');
    if (failure !== undefined) throw failure.reason;
    return results.map((result) => (result as PromiseFulfilledResult<Closable>).value) as unknown as T;
  }

  async closeAll(): Promise<void> {
    const closing = this.opened.splice(0).map((resource) => Promise.resolve().then(() => resource.close()));
    const failures = (await Promise.allSettled(closing)).filter((result) => result.status === 'rejected');
    if (failures.length > 0) throw failures[0]?.reason;
  }
}
