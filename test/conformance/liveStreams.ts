import type { LiveEvent, LiveStream, ProviderDefinition } from '../../providers/contract.ts';
import { openProxyStream, type ProxyAddress } from '../../providers/live/proxyStream.ts';

/** The live events of one stream as a test follows them. */
export interface FollowedStream {
  stream: LiveStream;
  events: LiveEvent[];
  /** Resolves with the first event (already seen or still to come) that `matches`. */
  next: (matches: (event: LiveEvent) => boolean, timeoutMs?: number) => Promise<LiveEvent>;
}

/** Opens a provider's live client directly (no proxy) and records what it reports. */
export function openDirectStream(
  definition: ProviderDefinition<unknown>,
  config: Record<string, unknown>,
  languageHints: readonly string[] = [],
  vocabulary: readonly string[] = [],
): FollowedStream {
  const live = definition.live;
  if (live === undefined) throw new Error(`${definition.metadata.id} has no live client`);
  return followStream((onEvent) =>
    live.open({
      config: definition.configSchema.parse(config),
      languageHints,
      vocabulary,
      audioFormat: 'pcm16',
      onEvent,
    }),
  );
}

/** Opens a proxied provider's stream through a running service's proxy. */
export function openProxiedStream(
  address: ProxyAddress,
  definition: ProviderDefinition<unknown>,
  languageHints: readonly string[] = [],
): FollowedStream {
  return followStream((onEvent) =>
    openProxyStream(address, { providerId: definition.metadata.id, languageHints, onEvent }),
  );
}

/** Wraps any way of opening a stream so its events are recorded and can be waited for. */
export function followStream(open: (onEvent: (event: LiveEvent) => void) => LiveStream): FollowedStream {
  const events: LiveEvent[] = [];
  const waiters = new Set<(event: LiveEvent) => void>();
  const stream = open((event) => {
    events.push(event);
    for (const waiter of [...waiters]) waiter(event);
  });
  return {
    stream,
    events,
    next: (matches, timeoutMs = 5000) => {
      const seen = events.find(matches);
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        const waiter = (event: LiveEvent) => {
          if (!matches(event)) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(event);
        };
        waiters.add(waiter);
      });
    },
  };
}

/** Sends PCM16 in 100 ms frames, as capture does. */
export function sendInFrames(stream: LiveStream, pcm: Buffer, frameBytes = 3200): void {
  for (let offset = 0; offset < pcm.length; offset += frameBytes) {
    stream.sendAudio(pcm.subarray(offset, offset + frameBytes));
  }
}

/** The committed text of a stream: finals in order, or P01's final tokens. */
export function committedText(events: readonly LiveEvent[]): string {
  const parts: string[] = [];
  for (const event of events) {
    if (event.type === 'final') parts.push(` ${event.text}`);
    if (event.type === 'tokens') parts.push(event.final.map((token) => token.text).join(''));
  }
  return normalisedWords(parts.join(''));
}

/** Lower case, no punctuation, single spaces: what vendors' formatting cannot change. */
export function normalisedWords(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s']/gu, ' ')
    .split(/\s+/)
    .filter((word) => word !== '')
    .join(' ');
}
