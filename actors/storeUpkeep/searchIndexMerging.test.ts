import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { SessionStore } from '../../store/sessionStore.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { startSearchIndexMerging } from './searchIndexMerging.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let store: SessionStore;

beforeEach(() => {
  vi.useFakeTimers();
  directory = temporaryDirectory('index-merging-actor');
  store = SessionStore.open(directory.path);
});

afterEach(() => {
  vi.useRealTimers();
  store.close();
  directory.remove();
});

it('merges only while nothing records, stops when there is nothing left, and starts again after a change', async () => {
  let left = 2;
  const step = vi.fn(() => Promise.resolve(--left > 0));
  let recording = true;
  const stop = startSearchIndexMerging(store, { step, idle: () => !recording, stepEveryMs: 100 });

  await vi.advanceTimersByTimeAsync(1_000);
  expect(step).not.toHaveBeenCalled();

  recording = false;
  await vi.advanceTimersByTimeAsync(1_000);
  // Two steps: the second said nothing was left, so it waits for a change.
  expect(step).toHaveBeenCalledTimes(2);

  store.createSession({ id: 'talk', title: 'Talk', providerId: 'deepgram', startedAt: 1 });
  await vi.advanceTimersByTimeAsync(1_000);
  expect(step).toHaveBeenCalledTimes(3);

  stop();
  store.createSession({ id: 'other', title: 'Other', providerId: 'deepgram', startedAt: 2 });
  await vi.advanceTimersByTimeAsync(1_000);
  expect(step).toHaveBeenCalledTimes(3);
});

it('asks for one step at a time', async () => {
  let finish: (more: boolean) => void = () => undefined;
  const step = vi.fn(() => new Promise<boolean>((resolve) => (finish = resolve)));
  startSearchIndexMerging(store, { step, idle: () => true, stepEveryMs: 100 });
  await vi.advanceTimersByTimeAsync(1_000);
  expect(step).toHaveBeenCalledTimes(1);
  finish(true);
  await vi.advanceTimersByTimeAsync(100);
  expect(step).toHaveBeenCalledTimes(2);
});

it('says so and stops when a step fails, leaving searches to the unmerged indexes', async () => {
  const step = vi.fn(() => Promise.reject(new Error('database is locked')));
  const reports: string[] = [];
  startSearchIndexMerging(store, {
    step,
    idle: () => true,
    stepEveryMs: 100,
    report: (message) => reports.push(message),
  });
  await vi.advanceTimersByTimeAsync(1_000);
  expect(step).toHaveBeenCalledTimes(1);
  expect(reports).toEqual(['Merging the search indexes stopped until the next start: database is locked']);
});
