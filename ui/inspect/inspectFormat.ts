/** 1_700_000_000_123 → "23:13:20.123" (local time): when an event was processed, to the millisecond. */
export function formatClockTime(epochMs: number): string {
  const date = new Date(epochMs);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}.${String(
    date.getMilliseconds(),
  ).padStart(3, '0')}`;
}

const longestSummary = 90;
const longestValue = 32;

/**
 * An event's payload on one line, after its type: `permanent=false message="dropped"`. Long values
 * are cut; the whole event is in the step's tooltip.
 */
export function summarizePayload(event: { type: string } & Record<string, unknown>): string {
  const parts = Object.entries(event)
    .filter(([name]) => name !== 'type')
    .map(([name, value]) => `${name}=${shorten(JSON.stringify(value) ?? String(value), longestValue)}`);
  return shorten(parts.join(' '), longestSummary);
}

function shorten(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

/**
 * A snapshot value as a person reads it: `"streaming"` → `streaming`, `{ stopping: "killing" }` →
 * `stopping.killing`, parallel regions joined with `, `.
 */
export function formatStateValue(value: unknown): string {
  return statePaths(value).join(', ');
}

function statePaths(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => {
    const inner = statePaths(child);
    return inner.length === 0 ? [key] : inner.map((path) => `${key}.${path}`);
  });
}

/**
 * The states a path step is in, as `formatStateValue` writes them: only the innermost ones (their
 * parents are in the name), without the machine's own name: `stopping.killing`.
 */
export function formatStateIds(stateIds: readonly string[], machine: string): string {
  return stateIds
    .filter((id) => !stateIds.some((other) => other.startsWith(`${id}.`)))
    .map((id) => (id.startsWith(`${machine}.`) ? id.slice(machine.length + 1) : id))
    .join(', ');
}

/**
 * What the drawing calls an event: `xstate.after.readinessTimeout.whisperRuntime.starting` reads
 * `after 20 s`, `xstate.done.actor.transcribeChunk` reads `done: transcribeChunk`; an event no
 * transition names is shown as it is.
 */
export function eventLabel(
  transitions: readonly { event: string; label: string }[] | undefined,
  eventType: string,
): string {
  return transitions?.find((transition) => transition.event === eventType)?.label ?? eventType;
}

/** The context (or any inspected value) as indented JSON; `undefined` says so instead of printing nothing. */
export function prettyJson(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? 'undefined';
}
