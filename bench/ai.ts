/**
 * `npm run bench:ai`: how many model calls, tokens and how much time a session's AI artefacts take,
 * for a 1-hour and a 3-hour meeting at an 8k and a 128k context, against the OpenAI chat fake with a
 * modelled per-token latency (bench/ai/slowFakeModel.ts). It prints figures, judges them against
 * issue #17's targets and asserts nothing; see bench/README.md.
 */
import { syntheticMeeting } from '../ai/testing/syntheticTranscripts.ts';
import { type BenchmarkSession, type CaseResult, generationTasks, runCase } from './ai/generationCase.ts';
import { parseOptions } from './ai/options.ts';
import { reportSections } from './ai/report.ts';
import { describeMachine } from './support/machine.ts';
import { readmePath, writeReadmeFigures } from './support/readmeFigures.ts';
import { markdownReport, textReport } from './support/sections.ts';
import { seconds } from './support/units.ts';

/** Progress goes to standard error so that standard output holds only the report. */
const log = (line: string) => console.error(line);

const hour = 60 * 60_000;
/** A small local model's window (and Earshot's default for an unknown model), and a cloud model's. */
const contextWindows = [8192, 128_000];

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const date = new Date();
  const startedAt = performance.now();
  const sessions: BenchmarkSession[] = [
    { label: '1 hour', segments: syntheticMeeting(hour) },
    { label: '3 hours', segments: syntheticMeeting(3 * hour) },
  ];
  const cases: CaseResult[] = [];
  for (const task of generationTasks) {
    for (const session of sessions) {
      for (const contextWindow of contextWindows) {
        const result = await runCase(session, contextWindow, task, options.speed);
        log(
          `${session.label}, ${contextWindow} context, ${task}: calls ${result.calls}, parts ${result.parts}, ` +
            `${seconds(result.wallMs)}`,
        );
        cases.push(result);
      }
    }
  }
  const sections = reportSections({
    date,
    machine: describeMachine(),
    speed: options.speed,
    sessions,
    cases,
    wallMs: performance.now() - startedAt,
  });
  console.log(textReport(sections));
  if (options.writeReadme) {
    await writeReadmeFigures('ai', markdownReport(sections));
    log(`Figures written to ${readmePath}`);
  }
}

main().catch((error: unknown) => {
  console.error(`bench:ai: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
