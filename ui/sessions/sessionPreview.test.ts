import { describe, expect, it } from 'vitest';
import { sessionDisplayTitle } from './sessionDisplayTitle.ts';
import { type PreviewedSession, sessionPreview } from './sessionPreview.ts';

const listed = (title: string, opening: string | null, summary = ''): PreviewedSession => ({
  title,
  startedAt: Date.UTC(2026, 10, 25, 14, 5),
  summary,
  opening,
});
const opening = 'And so my fellow Americans, ask not what your country can do for you.';

describe("a session's line in the list", () => {
  it("is the first line of the AI summary, without Markdown's marks", () => {
    expect(sessionPreview(listed('Speech', opening, '\n## The budget was approved.\nMore.'))).toBe(
      'The budget was approved.',
    );
    expect(sessionPreview(listed('Speech', opening, '- Hiring paused'))).toBe('Hiring paused');
  });

  it('is the first words of the transcript without a summary', () => {
    expect(sessionPreview(listed('Speech', opening))).toBe(opening);
    expect(sessionPreview(listed('Speech', opening, '  \n '))).toBe(opening);
  });

  it('goes on where the title stops when the title is made of the same words', () => {
    const session = listed('', opening);
    const title = sessionDisplayTitle(session, [{ text: opening }]);
    expect(title).toBe('And so my fellow Americans, ask not what…');
    expect(sessionPreview(session)).toBe('…your country can do for you.');
    expect(sessionPreview(listed('Live 11/25/2026, 7:47:34 PM', opening))).toBe(
      '…your country can do for you.',
    );
  });

  it('is nothing when there is nothing more to say', () => {
    expect(sessionPreview(listed('Speech', null))).toBeNull();
    expect(sessionPreview(listed('', 'Hello there.'))).toBeNull();
  });
});
