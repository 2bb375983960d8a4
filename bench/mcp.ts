/**
 * `npm run bench:mcp`: starts the real service on bench:api's 10,000-session fixture and times
 * what an assistant asks of its MCP server, call by call, with the size of each answer. It prints
 * figures and asserts nothing; see bench/README.md.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { prepareFixture } from './api/fixture/prepareFixture.ts';
import { enableApi } from './api/service/apiToken.ts';
import { startServiceProcess } from './api/service/serviceProcess.ts';
import {
  answerSize,
  connectClient,
  findSummarisedSession,
  mcpCalls,
  restWordsTotal,
  type AnswerSize,
  type McpCall,
} from './mcp/mcpCalls.ts';
import { parseOptions } from './mcp/options.ts';
import { reportSections, type CallFigures } from './mcp/report.ts';
import { describeMachine } from './support/machine.ts';
import { readmePath, writeReadmeFigures } from './support/readmeFigures.ts';
import { markdownReport, textReport } from './support/sections.ts';
import { duration } from './support/units.ts';

/** Progress goes to standard error so that standard output holds only the report. */
const log = (line: string) => console.error(line);

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const date = new Date();

  log(`Fixture in ${options.dataDirectory}`);
  const fixture = prepareFixture(options.dataDirectory, log);
  log(fixture.reused ? '  reused' : `  built in ${duration(fixture.manifest.buildMilliseconds)}`);
  const token = await enableApi(options.dataDirectory);
  const service = await startServiceProcess(options.dataDirectory);
  try {
    const endpoint = { url: new URL(`http://127.0.0.1:${service.port}/mcp`), token };
    const client = await connectClient(endpoint);
    // An assistant lists the tools before it calls them; the client then checks each answer
    // against its tool's output schema, as it does in every timed call.
    await client.listTools();
    const calls = mcpCalls({
      endpoint,
      client,
      manifest: fixture.manifest,
      summarisedSessionId: await findSummarisedSession(client),
      commonWordsTotal: await restWordsTotal(endpoint, fixture.manifest.searchTerms.common),
    });
    const checked = new Map<McpCall, AnswerSize & { seen: string }>();
    for (const call of calls) {
      const answer = await call.run();
      try {
        checked.set(call, { seen: call.check(answer), ...answerSize(answer) });
      } catch (error) {
        throw new Error(`${call.name}: a wrong answer: ${(error as Error).message}`, { cause: error });
      }
    }

    const loadAverage = loadavg()[0] ?? 0;
    const figures: CallFigures[] = [];
    for (const call of calls) {
      const milliseconds: number[] = [];
      for (let index = 0; index < options.calls; index++) {
        const started = performance.now();
        await call.run();
        milliseconds.push(performance.now() - started);
      }
      const { seen, textCharacters, jsonCharacters } = checked.get(call)!;
      figures.push({ call, checked: seen, textCharacters, jsonCharacters, milliseconds });
      log(`${call.name}: done`);
    }
    await client.close();

    const sections = reportSections({
      date,
      machine: describeMachine(),
      fixture,
      calls: options.calls,
      loadAverage,
      figures,
    });
    console.log(textReport(sections));
    if (options.writeReadme) {
      await writeReadmeFigures('mcp', markdownReport(sections));
      log(`Figures written to ${readmePath}`);
    }
  } finally {
    await service.stop();
  }
}

main().catch((error: unknown) => {
  console.error(`bench:mcp: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
