import { describe, expect, it } from 'vitest';
import { OpenedResources } from './openedResources.ts';

function resource(name: string, closed: string[]) {
  return { name, close: () => void closed.push(name) };
}

describe('OpenedResources', () => {
  it('closes what did start when another start fails, and reports only that failure', async () => {
    const closed: string[] = [];
    const opened = new OpenedResources();
    const failure = new Error('Chromium is not installed');
    await expect(
      opened.openTogether([Promise.resolve(resource('fake', closed)), Promise.reject(failure)]),
    ).rejects.toBe(failure);
    await opened.closeAll();
    expect(closed).toEqual(['fake']);
  });

  it('gives back every resource in order and closes each once', async () => {
    const closed: string[] = [];
    const opened = new OpenedResources();
    const [first, second] = await opened.openTogether([
      Promise.resolve(resource('first', closed)),
      Promise.resolve(resource('second', closed)),
    ]);
    expect([first.name, second.name]).toEqual(['first', 'second']);
    await opened.closeAll();
    await opened.closeAll();
    expect(closed.sort()).toEqual(['first', 'second']);
  });
});
