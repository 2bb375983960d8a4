import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRunningService } from '../../main/serviceFile.ts';
import type { FakeAiServer } from '../fakes/ai/scriptedAnswers.ts';
import { earshotBin, runProgram, type CliResult } from '../support/earshotProcess.ts';
import {
  multilingualSessions,
  readToolNames,
  writeMultilingualLibrary,
} from '../support/multilingualLibrary.ts';
import { ServedWithFakeAi } from '../support/servedWithFakeAi.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';

/**
 * A client no one here wrote: the MCP Inspector's CLI mode (its npm package, a devDependency)
 * lists Earshot's tools and calls each one, over Streamable HTTP with the API token and over stdio
 * through `earshot mcp`, against a real service whose AI provider is a fake in this process.
 */

const inspectorBin = fileURLToPath(new URL('../../node_modules/.bin/mcp-inspector', import.meta.url));

let directory: ReturnType<typeof temporaryDirectory>;
let served: ServedWithFakeAi;
let model: FakeAiServer;
let token: string;
let baseUrl: string;

beforeAll(async () => {
  directory = temporaryDirectory('mcp-inspector');
  served = new ServedWithFakeAi(directory.path);
  token = writeMultilingualLibrary(directory.path);
  model = await served.setUpFakeProvider();
  await served.startService();
  baseUrl = readRunningService(directory.path)?.info.baseUrl ?? '';
});

afterAll(async () => {
  await served.close();
  directory.remove();
});

/** The Inspector's CLI with its home in the test's directory, so it keeps nothing of the user's. */
function inspector(target: string[], method: string[]): Promise<CliResult> {
  return runProgram(inspectorBin, ['--cli', ...target, ...method], {
    ...process.env,
    HOME: directory.path,
    NODE_OPTIONS: '--disable-warning=ExperimentalWarning',
  });
}

const overHttp = () => [
  `${baseUrl}/mcp`,
  '--transport',
  'http',
  '--header',
  `Authorization: Bearer ${token}`,
];
const overStdio = () => [earshotBin, 'mcp', '--data-dir', directory.path];

async function callOverHttp(tool: string, ...args: string[]): Promise<Record<string, unknown>> {
  const result = await inspector(overHttp(), [
    '--method',
    'tools/call',
    '--tool-name',
    tool,
    ...(args.length === 0 ? [] : ['--tool-arg', ...args]),
  ]);
  expect(result.status, `${tool}: ${result.stderr}${result.stdout}`).toBe(0);
  const answer = JSON.parse(result.stdout) as {
    structuredContent: Record<string, unknown>;
    isError?: boolean;
  };
  expect(answer.isError, tool).toBeUndefined();
  return answer.structuredContent;
}

describe('the MCP Inspector (CLI mode)', () => {
  it('lists the tools over Streamable HTTP, ask among them once an AI provider is set up', async () => {
    const listed = await inspector(overHttp(), ['--method', 'tools/list']);
    expect(listed.status, listed.stderr).toBe(0);
    const { tools } = JSON.parse(listed.stdout) as { tools: Array<{ name: string }> };
    expect(tools.map((tool) => tool.name).sort()).toStrictEqual([...readToolNames, 'ask'].sort());
    expect(listed.stderr).toMatch(/Schema portability: 0 errors/);
  });

  it('calls each tool over Streamable HTTP', async () => {
    for (const session of multilingualSessions) {
      expect(await callOverHttp('search_sessions', `query=${session.word}`), session.word).toMatchObject({
        total: 1,
        sessions: [{ id: session.id }],
      });
    }
    expect(await callOverHttp('get_session', 'sessionId=arabic')).toMatchObject({
      title: 'اجتماع الميزانية',
      speakers: [{ label: 'سارة' }],
    });
    expect(await callOverHttp('get_transcript', 'sessionId=japanese')).toMatchObject({
      segments: [{ text: '来週の会議室は三階に変わります。', speaker: null }],
      nextCursor: null,
    });
    expect(await callOverHttp('get_summary', 'sessionId=latin')).toMatchObject({
      postProcess: { keywords: ['budget', 'recrutement'] },
    });
    expect(await callOverHttp('list_topics')).toMatchObject({ topics: [{ id: 'work' }] });
    expect(await callOverHttp('list_tags')).toMatchObject({ tags: [{ id: 'urgent' }] });
    expect(await callOverHttp('get_status')).toMatchObject({ source: 'service', askAvailable: true });

    model.answerNext({ text: 'Marc said the budget of the quarter is approved [0:00:04].' });
    expect(await callOverHttp('ask', 'sessionId=latin', 'question=Was the budget approved?')).toStrictEqual({
      status: 'success',
      answer: 'Marc said the budget of the quarter is approved [0:00:04].',
      citations: [
        {
          sessionId: 'latin',
          sessionTitle: 'Réunion budget',
          startMs: 4_000,
          endMs: 9_000,
          speaker: 'Marc',
          quote: 'Le budget du trimestre est approuvé.',
        },
      ],
      keptAt: 'the Q&A of session latin (get_session shows it)',
    });
    expect(JSON.stringify(model.requests.at(-1)?.body)).toContain('Was the budget approved?');

    model.answerNext({
      text: JSON.stringify({
        answer: 'Yes: the budget of the quarter was approved [1].',
        citations: [{ passage: 1, quote: 'Le budget du trimestre est approuvé.' }],
      }),
    });
    const library = await callOverHttp('ask', 'question=budget trimestre approuvé', 'topicId=work');
    expect(library).toMatchObject({
      status: 'success',
      answer: 'Yes: the budget of the quarter was approved [1].',
      citations: [{ sessionId: 'latin', sessionTitle: 'Réunion budget', startMs: 4_000, speaker: 'Marc' }],
    });
  });

  it('lists and reads the resources over Streamable HTTP', async () => {
    const listed = await inspector(overHttp(), ['--method', 'resources/list']);
    expect(listed.status, listed.stderr).toBe(0);
    const { resources } = JSON.parse(listed.stdout) as { resources: Array<{ uri: string }> };
    expect(resources.map((resource) => resource.uri).slice(0, 2)).toStrictEqual([
      'earshot://sessions/recent',
      'earshot://sessions/cyrillic/transcript',
    ]);
    expect(resources).toHaveLength(1 + multilingualSessions.length);
    const read = await inspector(overHttp(), [
      '--method',
      'resources/read',
      '--uri',
      'earshot://sessions/cyrillic/transcript',
    ]);
    expect(read.status, read.stderr).toBe(0);
    expect(read.stdout).toContain('[00:00:00] Иван: Бюджет на квартал утверждён, начинаем работу.');
  });

  it('lists the tools and calls one over stdio, through earshot mcp', async () => {
    const listed = await inspector(overStdio(), ['--method', 'tools/list']);
    expect(listed.status, listed.stderr).toBe(0);
    expect((JSON.parse(listed.stdout) as { tools: unknown[] }).tools).toHaveLength(8);
    const found = await inspector(overStdio(), [
      '--method',
      'tools/call',
      '--tool-name',
      'search_sessions',
      '--tool-arg',
      'query=预算',
    ]);
    expect(found.status, found.stderr).toBe(0);
    expect(JSON.parse(found.stdout)).toMatchObject({
      structuredContent: { total: 1, sessions: [{ id: 'chinese' }] },
    });
  });
});
