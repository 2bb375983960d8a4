import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createZonedClock, localTimeZone } from '../../api/zonedTime.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import type { FakeAiServer } from '../fakes/ai/scriptedAnswers.ts';
import { ServedWithFakeAi } from '../support/servedWithFakeAi.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';

/**
 * `earshot ask --all` as a user runs it: the service is a child process, three sessions were
 * recorded before it started, and the AI provider is an OpenAI-compatible server faked in this
 * process, streaming the scripted answer. stdout is a pipe here, so it gets the answer as saved and
 * its citations.
 */

let directory: ReturnType<typeof temporaryDirectory>;
let dataDirectory: string;
let sessions: { march: string; april: string; standup: string };
let served: ServedWithFakeAi;

const marchStart = Date.UTC(2026, 2, 4, 9);
const aprilStart = Date.UTC(2026, 3, 8, 9);

beforeEach(() => {
  directory = temporaryDirectory('ask-library-cli');
  dataDirectory = join(directory.path, 'data');
  mkdirSync(dataDirectory, { mode: 0o700 });
  const store = SessionStore.open(dataDirectory);
  try {
    store.putTopic({ id: 'topic-work', name: 'Work', emoji: '', description: '' });
    const recorded = (
      title: string,
      startedAt: number,
      lines: Array<[string, string | null]>,
      topicId?: string,
    ): string => {
      const { id } = store.createSession({ title, providerId: 'whisper-cpp', startedAt, topicId });
      lines.forEach(([text, speaker], index) =>
        store.appendSegment(id, { text, startMs: index * 30_000, endMs: index * 30_000 + 25_000, speaker }),
      );
      store.setSessionStatus(id, 'completed');
      return id;
    };
    sessions = {
      march: recorded('March planning', marchStart, [
        ['Good morning.', null],
        ['The travel budget stays at ten thousand.', 'Anna'],
        ['Next topic.', null],
      ]),
      april: recorded(
        'April review',
        aprilStart,
        [
          ['Hello again.', null],
          ['We cut the budget for hiring by half.', 'Ben'],
        ],
        'topic-work',
      ),
      standup: recorded('Standup', aprilStart + 86_400_000, [['The build is green.', null]]),
    };
  } finally {
    store.close();
  }
  served = new ServedWithFakeAi(dataDirectory);
});

afterEach(async () => {
  await served.close();
  directory.remove();
});

const earshot = (...args: string[]) => served.earshot(...args);

async function startServiceWithFake(): Promise<FakeAiServer> {
  const fake = await served.setUpFakeProvider();
  await served.startService();
  return fake;
}

function libraryQuestions() {
  const store = SessionStore.open(dataDirectory, { readOnly: true });
  try {
    return store.listLibraryQuestions(10);
  } finally {
    store.close();
  }
}

describe('earshot ask --all', () => {
  it('answers from passages of the sessions that mention it, citing two sessions by title, day and time', async () => {
    const model = await startServiceWithFake();
    // The March passage holds both of the question's words, so it comes first.
    model.answerNext({
      text: JSON.stringify({
        answer: 'Travel stays at ten thousand [1]; hiring was cut by half [2] [3].',
        citations: [
          { passage: 1, quote: 'travel budget stays at ten thousand' },
          { passage: 2, quote: 'We cut the budget for hiring by half.' },
          { passage: 3, quote: 'The build is green.' },
        ],
      }),
    });
    const result = await earshot('ask', '--all', 'What', 'about', 'the', 'travel', 'budget?');
    expect(result.status, result.stderr).toBe(0);
    const day = (epochMs: number) => createZonedClock(localTimeZone())(epochMs).date;
    expect(result.stdout).toBe(
      [
        'Travel stays at ten thousand [1]; hiring was cut by half [2].',
        '',
        `[1] March planning (${day(marchStart)}) [0:30] Anna: travel budget stays at ten thousand (session ${sessions.march})`,
        `[2] April review (${day(aprilStart)}) [0:30] Ben: We cut the budget for hiring by half. (session ${sessions.april})`,
        '',
      ].join('\n'),
    );
    const prompt = JSON.stringify(model.requests[0]?.body.messages);
    expect(prompt).toContain('What about the travel budget?');
    expect(prompt).toContain('[1] March planning');
    expect(prompt).toContain('[2] April review');
    expect(prompt).not.toContain('Standup');
    expect(libraryQuestions()).toEqual([
      expect.objectContaining({
        question: 'What about the travel budget?',
        filters: {},
        answer: 'Travel stays at ten thousand [1]; hiring was cut by half [2].',
        status: 'success',
      }),
    ]);
  });

  it('asks only the topic named, and says so without the model when no session mentions it', async () => {
    const model = await startServiceWithFake();
    model.answerNext({
      text: '{"answer": "Hiring was cut [1].", "citations": [{"passage": 1, "quote": "cut the budget"}]}',
    });
    const topic = await earshot(
      'ask',
      '--all',
      'What about the budget?',
      '--topic',
      'work',
      '--since',
      '2026-04-01',
    );
    expect(topic.status, topic.stderr).toBe(0);
    expect(topic.stdout).toContain(`Ben: cut the budget (session ${sessions.april})`);
    expect(JSON.stringify(model.requests[0]?.body.messages)).not.toContain('March planning');
    expect(libraryQuestions()[0]?.filters).toMatchObject({ topicId: 'topic-work' });

    const nothing = await earshot('ask', '--all', 'Any volcanoes?');
    expect(nothing.status, nothing.stderr).toBe(0);
    expect(nothing.stdout).toMatch(/^No session mentions what you asked about\./);
    expect(model.requests).toHaveLength(1);
  });

  it('names a topic it does not know, and refuses the library’s options without --all', async () => {
    await startServiceWithFake();
    const unknown = await earshot('ask', '--all', 'Budget?', '--topic', 'Hobbies');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toBe('earshot: There is no topic "Hobbies"; the topics are "Work".\n');
    const withoutAll = await earshot('ask', sessions.march, 'Budget?', '--since', '2026-01-01');
    expect(withoutAll.status).toBe(2);
    expect(withoutAll.stderr).toMatch(
      /^earshot: --since narrow a question asked of the library: use them with --all\./,
    );
  });
});
