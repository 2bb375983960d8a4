import { type MachineDescription, machineSummary } from '../support/machine.ts';
import type { Section } from '../support/sections.ts';
import type { Table } from '../support/tables.ts';
import { duration, seconds, wholeNumber } from '../support/units.ts';
import type { BenchmarkSession, CaseResult } from './generationCase.ts';
import { latencyModelDescription } from './latencyModel.ts';

export interface AiBenchmarkResults {
  date: Date;
  machine: MachineDescription;
  speed: number;
  sessions: BenchmarkSession[];
  cases: CaseResult[];
  wallMs: number;
}

/** The case the issue sets its target on. */
const targetSession = '3 hours';
const targetContext = 8192;

export function reportSections(results: AiBenchmarkResults): Section[] {
  const digests = results.cases.filter((result) => result.task.startsWith('digest'));
  const rewrites = results.cases.filter((result) => !result.task.startsWith('digest'));
  return [
    {
      title: `Earshot AI generation benchmark, ${results.date.toISOString().replace(/\.\d+Z$/, 'Z')}`,
      lines: [
        `Machine: ${machineSummary(results.machine)}`,
        'Model: the OpenAI chat fake (test/fakes/ai/openAiChatFake.ts) as an OpenAI-compatible server, ' +
          'reached through modelFunctionsFor (AI SDK, HTTP); its answers derived from each prompt by ' +
          'ai/testing/scriptedModel.ts and queued on the fake just before the request; answer limit 4,096 tokens',
        `Latency model: ${latencyModelDescription}, waited after each answer, divided by --speed ${results.speed}; ` +
          '"projected" is the measured time with the full modelled latency in place of the divided one',
        'Tokens: the project’s estimate (ai/longSessions/tokenEstimate.ts); input is system text, prompt ' +
          'and 32 for the chat template; output is the answer’s JSON; a request is input plus its answer room',
        `Sessions: ${results.sessions.map(describeSession).join('; ')} (syntheticMeeting)`,
        `Whole run: ${seconds(results.wallMs)}`,
      ],
    },
    {
      title: 'Digest: summary, action items, keywords, chapters and mind map',
      lines: [
        'digest: the scripted model’s notes, a line per chapter; wordy notes: padded to fill their whole ' +
          'answer room, as a verbose model’s, so they need rounds of combining',
      ],
      table: casesTable(digests, results.speed),
    },
    {
      title: 'Corrections and translations',
      lines: ['Translation into German; the scripted model writes each line back as long as it was'],
      table: casesTable(rewrites, results.speed),
    },
    { title: 'Targets', lines: targetLines(results.cases) },
  ];
}

function describeSession(session: BenchmarkSession): string {
  const words = session.segments.reduce((sum, segment) => sum + segment.text.split(/\s+/).length, 0);
  return `${session.label}, ${wholeNumber(session.segments.length)} segments, ${wholeNumber(words)} words`;
}

function casesTable(cases: readonly CaseResult[], speed: number): Table {
  return {
    headers: [
      'session',
      'context',
      'task',
      'parts',
      'calls',
      'calls / parts',
      'input tokens',
      'output tokens',
      `wall time, latency ÷ ${speed}`,
      'projected wall time',
      'largest request / context',
    ],
    numericColumns: [1, 3, 4, 5, 6, 7, 8, 9, 10],
    rows: cases.map((result) => [
      result.session,
      wholeNumber(result.contextWindow),
      result.task,
      wholeNumber(result.parts),
      wholeNumber(result.calls),
      (result.calls / result.parts).toFixed(2),
      wholeNumber(result.inputTokens),
      wholeNumber(result.outputTokens),
      seconds(result.wallMs),
      duration(result.projectedWallMs),
      `${wholeNumber(result.largestRequest)} (${Math.round((100 * result.largestRequest) / result.contextWindow)} %)`,
    ]),
  };
}

function targetLines(cases: readonly CaseResult[]): string[] {
  const verdict = (met: boolean) => (met ? 'met' : 'NOT MET');
  const callLines = cases
    .filter(
      (result) =>
        result.task.startsWith('digest') &&
        result.session === targetSession &&
        result.contextWindow === targetContext,
    )
    .map(
      (result) =>
        `${targetSession} at ${wholeNumber(targetContext)}, ${result.task}: all five artefacts in fewer than ` +
        `2 × the calls of a single pass per part: ${verdict(result.calls < 2 * result.parts)} ` +
        `(${result.calls} calls for ${result.parts} parts, ${(result.calls / result.parts).toFixed(2)} ×)`,
    );
  const largest = Math.max(...cases.map((result) => result.largestRequest / result.contextWindow));
  return [
    ...callLines,
    `No request over the context, in any case above: ${verdict(largest <= 1)} ` +
      `(the largest is ${Math.round(largest * 100)} % of its context)`,
  ];
}
