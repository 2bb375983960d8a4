/**
 * `npm run bench:api`: builds (or reuses) a 10,000-session data directory, starts the real service
 * on it, and measures start-up, memory and the REST API under load. It prints figures and asserts
 * nothing; see bench/README.md.
 */
import { describeMachine } from '../support/machine.ts';
import { readmePath, writeReadmeFigures } from '../support/readmeFigures.ts';
import { markdownReport, textReport } from '../support/sections.ts';
import { duration, latency, milliseconds, wholeNumber } from '../support/units.ts';
import { prepareFixture } from './fixture/prepareFixture.ts';
import { runLoad } from './load/autocannonRun.ts';
import { loadScenarios } from './load/scenarios.ts';
import { verifyScenario } from './load/verifyScenario.ts';
import { distinctQueries, runDistinctQueries } from './load/distinctQueries.ts';
import { waitUntilIdle } from './load/waitUntilIdle.ts';
import { parseOptions } from './options.ts';
import type { BenchmarkResults, DistinctQueryRun, ScenarioResult } from './report/benchmarkResults.ts';
import { loadavg } from 'node:os';
import { reportSections } from './report/report.ts';
import { enableApi } from './service/apiToken.ts';
import { startServiceProcess, type ServiceProcess } from './service/serviceProcess.ts';

/** Progress goes to standard error so that standard output holds only the report. */
const log = (line: string) => console.error(line);

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const date = new Date();

  log(`Fixture in ${options.dataDirectory}`);
  const fixture = prepareFixture(options.dataDirectory, log);
  log(fixture.reused ? '  reused' : `  built in ${duration(fixture.manifest.buildMilliseconds)}`);
  const token = await enableApi(options.dataDirectory);

  // The last start-up is kept running for the load runs; the others only time the start.
  const startupMilliseconds: number[] = [];
  let service: ServiceProcess | undefined;
  for (let run = 1; run <= options.startups; run++) {
    await service?.stop();
    service = await startServiceProcess(options.dataDirectory);
    startupMilliseconds.push(service.startupMilliseconds);
    log(`Start-up ${run}: ${milliseconds(service.startupMilliseconds)}`);
  }
  if (service === undefined) throw new Error('no service was started');

  try {
    const memoryAfterStartup = service.memory();
    const baseUrl = `http://127.0.0.1:${service.port}`;
    const headers = { authorization: `Bearer ${token}`, host: `127.0.0.1:${service.port}` };
    const scenarios = loadScenarios(fixture.manifest);
    const firstResponses = new Map<string, string>();
    for (const scenario of scenarios) {
      firstResponses.set(scenario.name, await verifyScenario(scenario, baseUrl, token));
    }

    const connectionCounts = [...new Set([options.connections, 1])];
    const results: ScenarioResult[] = [];
    for (const connections of connectionCounts) {
      for (const scenario of scenarios) {
        await waitUntilIdle(baseUrl);
        const load = await runLoad({
          url: baseUrl + scenario.path,
          headers,
          connections,
          durationSeconds: options.durationSeconds,
        });
        log(
          `${scenario.name}, ${connections} connections: ${wholeNumber(load.requestsPerSecond)} requests/s, ` +
            `p99 ${latency(load.latency.p99)} ms${load.failures > 0 ? `, ${load.failures} FAILED` : ''}`,
        );
        results.push({ scenario, connections, firstResponse: firstResponses.get(scenario.name) ?? '', load });
      }
    }

    const distinctRuns: DistinctQueryRun[] = [];
    for (const parameter of ['search', 'words'] as const) {
      await waitUntilIdle(baseUrl);
      const loadAverage = loadavg()[0] ?? 0;
      const result = await runDistinctQueries({
        baseUrl,
        headers,
        parameter,
        queries: distinctQueries(fixture.manifest),
        connections: options.connections,
        durationSeconds: options.durationSeconds,
        detailPath: `/api/v1/sessions/${encodeURIComponent(fixture.manifest.detailSessionId)}`,
      });
      log(
        `${parameter}=, ${options.connections} clients, distinct queries: ${wholeNumber(result.searches.requestsPerSecond)} requests/s, ` +
          `p99 ${latency(result.searches.latency.p99)} ms; rest of the API p99 ${latency(result.rest.latency.p99)} ms`,
      );
      distinctRuns.push({ parameter, connections: options.connections, loadAverage, result });
    }

    const benchmark: BenchmarkResults = {
      date,
      machine: describeMachine(),
      fixture,
      startupMilliseconds,
      memoryAfterStartup,
      memoryAfterLoad: service.memory(),
      durationSeconds: options.durationSeconds,
      connectionCounts,
      scenarios: results,
      distinctQueries: distinctRuns,
    };
    const sections = reportSections(benchmark);
    console.log(textReport(sections));
    if (options.writeReadme) {
      await writeReadmeFigures('api', markdownReport(sections));
      log(`Figures written to ${readmePath}`);
    }
  } finally {
    await service.stop();
  }
}

main().catch((error: unknown) => {
  console.error(`bench:api: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
