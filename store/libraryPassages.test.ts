import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { searchTermsOf } from './searchTerms.ts';
import { SessionStore } from './sessionStore.ts';

let dataDirectory: string;
let store: SessionStore;

beforeEach(() => {
  dataDirectory = mkdtempSync(join(tmpdir(), 'earshot-passages-'));
  store = SessionStore.open(dataDirectory);
});

afterEach(() => {
  store.close();
  rmSync(dataDirectory, { recursive: true, force: true });
});

/** A completed session whose segments are `texts`, ten seconds each. */
function recorded(
  title: string,
  texts: readonly string[],
  details: { startedAt?: number; topicId?: string; tagIds?: string[]; speaker?: string } = {},
): string {
  const { id } = store.createSession({
    title,
    providerId: 'whisper-cpp',
    startedAt: details.startedAt ?? Date.UTC(2026, 10, 2, 9),
    topicId: details.topicId,
    tagIds: details.tagIds,
  });
  texts.forEach((text, index) =>
    store.appendSegment(id, {
      text,
      startMs: index * 10_000,
      endMs: index * 10_000 + 9_000,
      speaker: details.speaker ?? null,
    }),
  );
  store.setSessionStatus(id, 'completed');
  return id;
}

const filler = (count: number, word: string) =>
  Array.from({ length: count }, (_, index) => `${word} item number ${index}.`);

describe('searchTermsOf', () => {
  it('keeps what the question is about, without function words, cut back to a stem', () => {
    expect(searchTermsOf('What did we decide about the budgets for Q3 hiring?')).toEqual([
      'decide',
      'budget',
      'hiring',
    ]);
    expect(searchTermsOf('Who owns the invoices and addresses?')).toEqual(['owns', 'invoic', 'address']);
  });

  it('spells Chinese as overlapping pairs of characters, and finds nothing in a question of stop words', () => {
    expect(searchTermsOf('预算会议 budget')).toEqual(['预算', '算会', '会议', 'budget']);
    expect(searchTermsOf('What was said about it?')).toEqual([]);
  });
});

describe('SessionStore.findPassages', () => {
  it('finds the segments holding the terms with their neighbours, best session first', () => {
    const budget = recorded('Budget review', [
      ...filler(5, 'Opening'),
      'The marketing budget for the third quarter is approved.',
      'Ana sends it to finance today.',
      ...filler(5, 'Closing'),
    ]);
    recorded('Standup', ['Nothing about money here.', 'We ship on Friday.']);
    const passing = recorded('Hallway', ['Someone said the budget was tight.']);

    const passages = store.findPassages('What did we approve for the marketing budget?', {}, 10);
    expect(passages.map((passage) => passage.sessionId)).toEqual([budget, passing]);
    const [best] = passages;
    expect(best).toMatchObject({
      sessionTitle: 'Budget review',
      sessionStartedAt: Date.UTC(2026, 10, 2, 9),
      startMs: 30_000,
      endMs: 79_000,
    });
    expect(best?.lines.map((line) => line.seq)).toEqual([3, 4, 5, 6, 7]);
    expect(best?.lines[2]).toEqual({
      seq: 5,
      startMs: 50_000,
      endMs: 59_000,
      speaker: null,
      text: 'The marketing budget for the third quarter is approved.',
    });
    expect(new Set(best?.terms)).toEqual(new Set(['approve', 'market', 'budget']));
  });

  it('takes the neighbours there are at the start and the end of a session', () => {
    recorded('Short', ['The budget first.', 'Then other things.', 'The budget last.']);
    const passages = store.findPassages('budget', {}, 10);
    expect(passages.map((passage) => passage.lines.map((line) => line.seq))).toEqual([[0, 1, 2]]);
  });

  it('keeps passages of one session apart, none sharing a line, at most four of them', () => {
    const texts = Array.from({ length: 60 }, (_, index) =>
      index % 6 === 0 ? `Invoice ${index} is late.` : `Other matter ${index}.`,
    );
    recorded('Accounts', texts);
    const passages = store.findPassages('late invoices', {}, 10);
    expect(passages).toHaveLength(4);
    const seqs = passages.flatMap((passage) => passage.lines.map((line) => line.seq));
    expect(new Set(seqs).size).toBe(seqs.length);
  });

  it('asks only the sessions of the topic, the tag and the dates given', () => {
    store.putTopic({ id: 'work', name: 'Work', emoji: '', description: '' });
    store.putTag({ id: 'q3', name: 'Q3', color: '#000' });
    const november = Date.UTC(2026, 10, 2);
    const october = Date.UTC(2026, 9, 2);
    const ofTopic = recorded('Topic', ['The roadmap is ready.'], { topicId: 'work', startedAt: november });
    const ofTag = recorded('Tag', ['The roadmap slips.'], { tagIds: ['q3'], startedAt: october });
    const neither = recorded('Neither', ['The roadmap, again.'], { startedAt: october });
    const sessionsOf = (filter: Parameters<SessionStore['findPassages']>[1]) =>
      new Set(store.findPassages('roadmap', filter, 10).map((passage) => passage.sessionId));

    expect(sessionsOf({})).toEqual(new Set([ofTopic, ofTag, neither]));
    expect(sessionsOf({ topicId: 'work' })).toEqual(new Set([ofTopic]));
    expect(sessionsOf({ tagId: 'q3' })).toEqual(new Set([ofTag]));
    expect(sessionsOf({ fromMs: Date.UTC(2026, 10, 1) })).toEqual(new Set([ofTopic]));
    expect(sessionsOf({ toMs: Date.UTC(2026, 10, 1) })).toEqual(new Set([ofTag, neither]));
  });

  it('ranks a passage holding several of the terms above one repeating a common one', () => {
    recorded('Many mentions', ['The budget.', 'The budget again.', 'Budget, budget.']);
    const both = recorded('Both words', ['The budget for hiring is set.']);
    const passages = store.findPassages('hiring budget', {}, 10);
    expect(passages[0]?.sessionId).toBe(both);
  });

  it('finds Chinese words, and nothing for a question no transcript answers', () => {
    const chinese = recorded('周会', ['我们讨论了预算。', '下周再说。']);
    expect(store.findPassages('预算是多少', {}, 10).map((passage) => passage.sessionId)).toEqual([chinese]);
    expect(store.findPassages('volcano eruption', {}, 10)).toEqual([]);
    expect(store.findPassages('what was said?', {}, 10)).toEqual([]);
  });

  it('stops at the number of passages asked for', () => {
    for (let index = 0; index < 5; index++) recorded(`Session ${index}`, [`Deadline ${index} moved.`]);
    expect(store.findPassages('deadline', {}, 3)).toHaveLength(3);
  });
});
