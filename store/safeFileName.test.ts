import { describe, expect, it } from 'vitest';
import { attachmentDisposition, safeFileName } from './safeFileName.ts';

describe('safeFileName', () => {
  it('keeps ordinary names and letters of any script', () => {
    expect(safeFileName('Board meeting (final).m4a', 'x')).toBe('Board meeting (final).m4a');
    expect(safeFileName('产品评审会议.mp3', 'x')).toBe('产品评审会议.mp3');
  });

  it('replaces folders, reserved and control characters, and drops leading and trailing dots', () => {
    expect(safeFileName('../a/b\\c:d*e?f"g<h>i|j', 'x')).toBe('_a_b_c_d_e_f_g_h_i_j');
    expect(safeFileName('.hidden. ', 'x')).toBe('hidden');
    expect(safeFileName('line\nbreak\ttab', 'x')).toBe('line break tab');
    expect(safeFileName('a\u0000b', 'x')).toBe('a_b');
  });

  it("adds an underscore to Windows' device names, whatever their case or extension", () => {
    expect(safeFileName('CON', 'x')).toBe('CON_');
    expect(safeFileName('nul.md', 'x')).toBe('nul_.md');
    expect(safeFileName('Lpt1.tar.gz', 'x')).toBe('Lpt1_.tar.gz');
    expect(safeFileName('COM²', 'x')).toBe('COM²_');
    expect(safeFileName('Console notes.md', 'x')).toBe('Console notes.md');
    expect(safeFileName('aux-meeting', 'x')).toBe('aux-meeting');
  });

  it('falls back when nothing usable is left', () => {
    expect(safeFileName('', 'upload')).toBe('upload');
    expect(safeFileName('/// ...', 'upload')).toBe('upload');
  });

  it('shortens long names by code points, keeping the extension', () => {
    const shortened = safeFileName(`${'会'.repeat(200)}.webm`, 'x');
    expect([...shortened]).toHaveLength(80);
    expect(shortened.endsWith('会.webm')).toBe(true);
    expect(safeFileName('😀'.repeat(100), 'x')).toBe('😀'.repeat(80));
  });
});

describe('attachmentDisposition', () => {
  it('names a plain ASCII file once', () => {
    expect(attachmentDisposition('Stand-up 2024.md')).toBe('attachment; filename="Stand-up 2024.md"');
  });

  it('adds the exact UTF-8 name as filename* when the name has other characters', () => {
    expect(attachmentDisposition("Café (draft)'s.txt")).toBe(
      `attachment; filename="Caf_ (draft)'s.txt"; filename*=UTF-8''Caf%C3%A9%20%28draft%29%27s.txt`,
    );
    expect(attachmentDisposition('周会.srt')).toBe(
      `attachment; filename="__.srt"; filename*=UTF-8''%E5%91%A8%E4%BC%9A.srt`,
    );
  });
});
