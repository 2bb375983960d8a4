import { describe, expect, it } from 'vitest';
import { inspectableValue } from './inspectableValue.ts';

describe('inspectableValue', () => {
  it('hides every value under a key that names a credential', () => {
    expect(
      inspectableValue({
        apiKey: 'sk-1',
        nested: { Authorization: 'Bearer x', accessToken: 't' },
        kept: 'ok',
      }),
    ).toEqual({
      apiKey: '[hidden]',
      nested: { Authorization: '[hidden]', accessToken: '[hidden]' },
      kept: 'ok',
    });
  });

  it('cuts long text and big arrays, and says how much was left out', () => {
    const shown = inspectableValue({
      text: 'x'.repeat(1000),
      items: Array.from({ length: 25 }, (_, i) => i),
    }) as {
      text: string;
      items: unknown[];
    };
    expect(shown.text).toMatch(/^x{240}… \(1000 characters\)$/);
    expect(shown.items).toHaveLength(21);
    expect(shown.items.at(-1)).toBe('… and 5 more');
  });

  it('turns what JSON cannot carry into something readable', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    expect(
      inspectableValue({
        audio: new Uint8Array(3200),
        when: new Date(0),
        failure: new Error('boom'),
        callback: () => 1,
        cyclic,
        missing: Number.NaN,
      }),
    ).toEqual({
      audio: '[3200 bytes]',
      when: '1970-01-01T00:00:00.000Z',
      failure: 'Error: boom',
      cyclic: { name: 'loop', self: '[cycle]' },
      missing: 'NaN',
    });
  });

  it('stops at a depth, naming what it did not open', () => {
    const deep = { a: { b: { c: { d: { e: { f: { g: 1 } } } } } } };
    expect(JSON.stringify(inspectableValue(deep))).toBe('{"a":{"b":{"c":{"d":{"e":{"f":"[…]"}}}}}}');
  });
});
