/**
 * A machine's context or event as the visualizer may show it: plain JSON, short enough to send on
 * every step, and without secrets. Long text, big arrays and deep nesting are cut with a note of
 * what was left out; binary data is shown by its size; a value under a key that names a credential
 * is never shown at all.
 */

const secretKey = /key|secret|token|password|authorization|credential|cookie/i;
const maxStringLength = 240;
const maxArrayItems = 20;
const maxDepth = 6;

export function inspectableValue(value: unknown): unknown {
  return shorten(value, 0, new Set());
}

function shorten(value: unknown, depth: number, seen: Set<object>): unknown {
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'string') {
    return value.length <= maxStringLength
      ? value
      : `${value.slice(0, maxStringLength)}… (${value.length} characters)`;
  }
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'object') return undefined;
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return `[${value.byteLength} bytes]`;
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Error) return `${value.name}: ${String(shorten(value.message, depth, seen))}`;
  if (isActorReference(value)) return `[actor ${value.id}]`;
  if (seen.has(value)) return '[cycle]';
  if (depth >= maxDepth) return Array.isArray(value) ? `[${value.length} items]` : '[…]';
  seen.add(value);
  try {
    if (value instanceof Map) return shorten(Object.fromEntries(value), depth, seen);
    if (value instanceof Set) return shorten([...value], depth, seen);
    if (Array.isArray(value)) {
      const items = value.slice(0, maxArrayItems).map((item) => shorten(item, depth + 1, seen) ?? null);
      if (value.length > maxArrayItems) items.push(`… and ${value.length - maxArrayItems} more`);
      return items;
    }
    const shown: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (secretKey.test(key)) {
        shown[key] = '[hidden]';
        continue;
      }
      const inspectable = shorten(item, depth + 1, seen);
      if (inspectable !== undefined) shown[key] = inspectable;
    }
    return shown;
  } finally {
    seen.delete(value);
  }
}

function isActorReference(value: object): value is { id: string } {
  return 'sessionId' in value && 'send' in value && 'id' in value && typeof value.id === 'string';
}
