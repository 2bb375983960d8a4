import { EventEmitter } from 'node:events';
import type { App } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { holdQuitUntilServiceStops } from './quitSequence.ts';

/** An app whose quit() emits 'before-quit' and quits for real (counted) unless a listener prevents it. */
class FakeApp extends EventEmitter {
  quitCount = 0;
  quit(): void {
    let prevented = false;
    this.emit('before-quit', { preventDefault: () => (prevented = true) });
    if (!prevented) this.quitCount++;
  }
}

function deferred(): { promise: Promise<void>; resolve: () => void; reject: (error: Error) => void } {
  let resolve = () => {};
  let reject: (error: Error) => void = () => {};
  const promise = new Promise<void>((settle, fail) => {
    resolve = settle;
    reject = fail;
  });
  return { promise, resolve, reject };
}

function setUp() {
  const app = new FakeApp();
  const stopping = deferred();
  const stopService = vi.fn(() => stopping.promise);
  const sequence = holdQuitUntilServiceStops(app as unknown as Pick<App, 'on' | 'quit'>, stopService);
  return { app, stopping, stopService, sequence };
}

describe('holdQuitUntilServiceStops', () => {
  it('holds the quit until the service has stopped, then quits', async () => {
    const { app, stopping, stopService, sequence } = setUp();
    expect(sequence.isQuitting()).toBe(false);

    app.quit();
    expect(stopService).toHaveBeenCalledOnce();
    expect(app.quitCount).toBe(0);
    expect(sequence.isQuitting()).toBe(true);

    stopping.resolve();
    await vi.waitFor(() => expect(app.quitCount).toBe(1));
  });

  it('waits for the same stop when asked to quit again meanwhile', async () => {
    const { app, stopping, stopService } = setUp();

    app.quit();
    app.quit();
    expect(stopService).toHaveBeenCalledOnce();
    expect(app.quitCount).toBe(0);

    stopping.resolve();
    await vi.waitFor(() => expect(app.quitCount).toBe(1));
  });

  it('still quits when stopping the service fails', async () => {
    const { app, stopping } = setUp();
    const report = vi.spyOn(console, 'error').mockImplementation(() => undefined);

    app.quit();
    stopping.reject(new Error('the service did not answer'));

    await vi.waitFor(() => expect(app.quitCount).toBe(1));
    expect(report).toHaveBeenCalledWith(expect.stringContaining('the service did not answer'));
    report.mockRestore();
  });
});
