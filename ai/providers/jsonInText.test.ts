import { describe, expect, it } from 'vitest';
import { jsonInText } from './jsonInText.ts';

const notes = { summary: 'The budget was approved.', chapters: [{ title: 'Budget', start: '0:01:00' }] };
const written = JSON.stringify(notes, null, 2);

describe('reading the JSON in a model’s answer', () => {
  it('reads an answer that is JSON, with or without space around it', () => {
    expect(jsonInText(written)).toEqual({ ok: true, value: notes });
    expect(jsonInText(`\n  ${written}\n`)).toEqual({ ok: true, value: notes });
  });

  it('reads the inside of a code fence, whatever surrounds it', () => {
    expect(jsonInText(`Here are the notes:\n\`\`\`json\n${written}\n\`\`\`\nAnything else?`)).toEqual({
      ok: true,
      value: notes,
    });
    expect(jsonInText(`\`\`\`\n${written}\`\`\``)).toEqual({ ok: true, value: notes });
  });

  it('takes the first balanced object or array from prose, not counting brackets inside strings', () => {
    const tricky = { text: 'a } and a ] and a "quote" inside', items: [[1], { a: '{' }] };
    expect(jsonInText(`Sure! ${JSON.stringify(tricky)} Hope this helps {really}.`)).toEqual({
      ok: true,
      value: tricky,
    });
    expect(jsonInText('The lines: [{"seq": 1, "text": "Hello"}] as asked.')).toEqual({
      ok: true,
      value: [{ seq: 1, text: 'Hello' }],
    });
  });

  it('passes over bracketed prose before the answer', () => {
    expect(jsonInText('As asked [see above], the notes: {"summary": "ok"}')).toEqual({
      ok: true,
      value: { summary: 'ok' },
    });
  });

  it('gives the answer’s own syntax error, not an inner object of it', () => {
    const reading = jsonInText('{"summary": "ok", "chapters": [{"title": "Budget"}],, }');
    expect(reading.ok).toBe(false);
    expect(!reading.ok && reading.reason).toMatch(/^the answer is not valid JSON \(.+\)$/);
  });

  it('says when an answer was cut off, is empty, or holds no JSON', () => {
    expect(jsonInText('{"summary": "The budget was')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/not valid JSON/) as unknown,
    });
    expect(jsonInText('  \n')).toEqual({ ok: false, reason: 'the answer was empty' });
    expect(jsonInText('I cannot help with that.')).toEqual({
      ok: false,
      reason: 'the answer holds no JSON object or array',
    });
  });
});
