import { appendFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { controlBasePath } from '../../api/control/controlBasePath.ts';
import { startService, type RunningService } from '../../main/service.ts';
import { noteMarker } from '../../store/export/sessionNote.ts';
import { writeProviderConfig } from '../../store/providerSettings.ts';
import { startOpenAiChatFake } from '../fakes/ai/openAiChatFake.ts';
import type { FakeAiServer } from '../fakes/ai/scriptedAnswers.ts';
import { defaultInstalledModel, startOpenAiCompatibleFake } from '../fakes/openai-compatible/server.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';
import { fixtureAudio } from './fileTranscriptionSupport.ts';

/**
 * A notes folder as a user has one: the service runs with a vault chosen in its settings, a file is
 * transcribed by P12 (the OpenAI-compatible fake), and its digest is made by an AI provider faked
 * here. The vault gets one note for the session, rewritten with the summary when the digest lands,
 * the user's lines below the marker kept.
 */

type SpeechFake = Awaited<ReturnType<typeof startOpenAiCompatibleFake>>;
let directory: ReturnType<typeof temporaryDirectory>;
let dataDirectory: string;
let vault: string;
let speech: SpeechFake;
let model: FakeAiServer;
let service: RunningService;

beforeEach(async () => {
  directory = temporaryDirectory('notes-folder-service');
  dataDirectory = join(directory.path, 'data');
  vault = join(directory.path, 'Obsidian vault');
  mkdirSync(dataDirectory, { mode: 0o700 });
  mkdirSync(vault);
  speech = await startOpenAiCompatibleFake();
  writeProviderConfig(dataDirectory, 'openai-compatible', {
    baseUrl: speech.baseUrl,
    model: defaultInstalledModel,
  });
  model = await startOpenAiChatFake({ models: ['fake-model'] });
  service = await startService({ dataDirectory, port: 0 });
});
afterEach(async () => {
  await service.close();
  await Promise.all([speech.close(), model.close()]);
  directory.remove();
});

async function control<Answer>(method: 'GET' | 'POST' | 'PUT', path: string, body?: Blob | object) {
  const raw = body instanceof Blob;
  const response = await fetch(`${service.baseUrl}${controlBasePath}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${service.launchSecret}`,
      'content-type': raw ? 'application/octet-stream' : 'application/json',
    },
    body: body === undefined ? undefined : raw ? body : JSON.stringify(body),
  });
  const answer = (await response.json()) as Answer;
  expect(response.ok, JSON.stringify(answer)).toBe(true);
  return answer;
}

/** Reads the vault until `ready` holds for it, a bounded number of times. */
/** The vault as a notes app shows it: a note being written is a hidden temporary file until it is renamed. */
const visibleFiles = () => readdirSync(vault).filter((name) => !name.startsWith('.'));

async function vaultWhen(ready: (files: string[]) => boolean): Promise<string[]> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const files = visibleFiles();
    if (ready(files)) return files;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`The vault never got there; it holds ${readdirSync(vault).join(', ')}`);
}

const notes = {
  summary: 'President Kennedy asks what you can do for your country.',
  actionItems: ['Ask what you can do for your country'],
  keywords: ['country', 'inauguration'],
  chapters: [{ title: 'The ask', start: '0:00:00', summary: 'Not what your country can do for you.' }],
  outline: '# Speech\n- The ask',
};

describe('a notes folder', () => {
  it("receives a note when a file job completes, rewritten with the summary and keeping the user's lines", async () => {
    await control('PUT', '/settings/notes-folder', { folder: vault, enabled: true });

    const audio = new Blob([readFileSync(fixtureAudio('jfk.wav'))]);
    const { upload } = await control<{ upload: string }>('POST', '/uploads?name=jfk.wav', audio);
    const { sessionId } = await control<{ sessionId: string }>('POST', '/transcriptions', {
      upload,
      provider: 'P12',
      title: 'Inaugural: "Ask not" #1',
    });

    const [file] = await vaultWhen((files) => files.length > 0);
    expect(visibleFiles()).toEqual([file]);
    expect(file).toMatch(/^\d{4}-\d\d-\d\d Inaugural_ _Ask not_ _1 \([0-9a-f]{8}\)\.md$/);
    const first = readFileSync(join(vault, file ?? ''), 'utf8');
    expect(first).toContain(`session: "${sessionId}"`);
    expect(first).toContain('title: "Inaugural: \\"Ask not\\" #1"');
    expect(first).toContain('status: "completed"');
    expect(first).toMatch(
      new RegExp(`\\n\\[00:00:00\\]\\(${service.baseUrl}/#/sessions/${sessionId}\\?t=0\\) \\S`),
    );
    expect(first).not.toContain('## Summary');
    appendFileSync(join(vault, file ?? ''), '\n## My notes\n\n- [x] Read it again\n');

    await control('PUT', '/ai-providers/fake', {
      kind: 'openai-compatible',
      values: { baseUrl: model.baseUrl, model: 'fake-model' },
      makeDefault: true,
    });
    model.answerNext({ object: notes });
    await control('POST', `/sessions/${sessionId}/ai-jobs`, {});

    const read = () => readFileSync(join(vault, file ?? ''), 'utf8');
    await vaultWhen(() => read().includes('## Summary'));
    const rewritten = read();
    expect(visibleFiles()).toEqual([file]);
    expect(rewritten).toContain(
      `## Summary\n\n${notes.summary}\n\n## Action items\n\n- [ ] ${notes.actionItems[0]}`,
    );
    expect(rewritten).toContain('keywords:\n  - "country"\n  - "inauguration"\n');
    expect(rewritten.endsWith(`${noteMarker}\n\n## My notes\n\n- [x] Read it again\n`)).toBe(true);
    expect(await control('GET', '/settings/notes-folder')).toMatchObject({
      folder: vault,
      enabled: true,
      lastWritten: { sessionId, file, change: 'updated' },
      problem: null,
    });
    // Written: no temporary file is left behind.
    expect(readdirSync(vault)).toEqual([file]);
  });
});
