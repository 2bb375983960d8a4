import type { FakeHttpServer } from './fakeHttpServer.ts';
import type { ProviderFake } from './providerFakeFixture.ts';

/**
 * `holdJobs` for fakes of synchronous vendors: while held, an answer waits until the hold is
 * lifted. A client that disconnects first ends its wait at once, and the fake HTTP kit then drops
 * the answer, as a real server drops the answer to a request whose client hung up.
 */
export interface HeldReplies {
  hold(held: boolean): void;
  /** Resolves at once when nothing is held, otherwise when the hold is lifted or the client has gone. */
  released(clientGone: AbortSignal): Promise<void>;
}

export function heldReplies(): HeldReplies {
  let held = false;
  const waiting = new Set<() => void>();
  return {
    hold(next) {
      held = next;
      if (held) return;
      for (const release of waiting) release();
    },
    released(clientGone) {
      if (!held || clientGone.aborted) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const release = () => {
          waiting.delete(release);
          clientGone.removeEventListener('abort', release);
          resolve();
        };
        waiting.add(release);
        clientGone.addEventListener('abort', release, { once: true });
      });
    },
  };
}

/**
 * A fake of a synchronous vendor: it keeps nothing the client would have to delete, and
 * `holdJobs` withholds its answers through `held`.
 */
export function synchronousFake(server: FakeHttpServer, held: HeldReplies): ProviderFake {
  return { ...server, remoteObjectCount: () => 0, holdJobs: (hold) => held.hold(hold) };
}
