import { describe, expect, it } from 'vitest';
import { formatWithOffset } from '../offsetTimestamp.ts';
import { isNoteFileNameOf, noteFileName } from './noteFileName.ts';

const id = '1f0c9a2b-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const startedAt = Date.UTC(2024, 4, 6, 9, 30);
const date = formatWithOffset(startedAt).slice(0, 10);

describe("a note's file name", () => {
  it('is the local date, the title and the start of the id', () => {
    expect(noteFileName({ id, title: 'Weekly stand-up', startedAt })).toBe(
      `${date} Weekly stand-up (1f0c9a2b).md`,
    );
    expect(noteFileName({ id, title: 'Weekly stand-up', startedAt }, true)).toBe(
      `${date} Weekly stand-up (${id}).md`,
    );
  });

  it('is safe on every system whatever the title holds', () => {
    const names = [
      '../../etc/passwd',
      'a\\b:c*d?e"f<g>h|i',
      'CON',
      'trailing dots... ',
      '#tag ^block [[link]]',
      '\u0000\u001f',
      '',
    ].map((title) => noteFileName({ id, title, startedAt }));
    expect(names).toEqual([
      `${date} _.._etc_passwd (1f0c9a2b).md`,
      `${date} a_b_c_d_e_f_g_h_i (1f0c9a2b).md`,
      `${date} CON_ (1f0c9a2b).md`,
      `${date} trailing dots (1f0c9a2b).md`,
      `${date} _tag _block __link__ (1f0c9a2b).md`,
      `${date} Session (1f0c9a2b).md`,
      `${date} Session (1f0c9a2b).md`,
    ]);
  });

  it('stays within 255 bytes for long titles in any script, cutting whole characters', () => {
    for (const character of ['a', '会', '😀']) {
      const name = noteFileName({ id, title: character.repeat(300), startedAt }, true);
      expect(Buffer.byteLength(name)).toBeLessThanOrEqual(255);
      expect(name).toMatch(new RegExp(`^${date} (${character})+ \\(${id}\\)\\.md$`, 'u'));
    }
  });

  it('carries only safe characters of an id that has others', () => {
    expect(noteFileName({ id: 'a/b:c', title: 'T', startedAt })).toBe(`${date} T (a_b_c).md`);
  });

  it('is known as the session’s, by its short or full id, whatever title it has now', () => {
    expect(isNoteFileNameOf(`${date} Old title (1f0c9a2b).md`, id)).toBe(true);
    expect(isNoteFileNameOf(`My own name (${id}).md`, id)).toBe(true);
    expect(isNoteFileNameOf(`${date} Old title (1f0c9a2c).md`, id)).toBe(false);
    expect(isNoteFileNameOf(`${date} Old title (1f0c9a2b).md.bak`, id)).toBe(false);
  });
});
