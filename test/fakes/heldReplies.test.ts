import { expect, it } from 'vitest';
import { heldReplies } from './heldReplies.ts';

function settled(promise: Promise<void>): () => boolean {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  return () => done;
}

it('lets answers through at once when nothing is held', async () => {
  const held = heldReplies();
  await expect(held.released(new AbortController().signal)).resolves.toBeUndefined();
});

it('holds answers until the hold is lifted, and lets one go as soon as its client has gone', async () => {
  const held = heldReplies();
  held.hold(true);
  const staying = new AbortController();
  const leaving = new AbortController();
  const stayed = settled(held.released(staying.signal));
  const left = settled(held.released(leaving.signal));
  await Promise.resolve();
  expect([stayed(), left()]).toEqual([false, false]);

  leaving.abort();
  await new Promise((resolve) => setImmediate(resolve));
  expect([stayed(), left()]).toEqual([false, true]);

  held.hold(false);
  await new Promise((resolve) => setImmediate(resolve));
  expect(stayed()).toBe(true);
});
