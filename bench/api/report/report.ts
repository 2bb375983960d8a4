import { machineSummary } from '../../support/machine.ts';
import type { Section } from '../../support/sections.ts';
import { duration, latency, median, megabytes, milliseconds, wholeNumber } from '../../support/units.ts';
import type { BenchmarkResults } from './benchmarkResults.ts';
import { judgeTargets } from './targets.ts';

/** The API benchmark's report, for `textReport` and `markdownReport`. */
export function reportSections(results: BenchmarkResults): Section[] {
  return [
    runSection(results),
    startupSection(results),
    loadSection(results),
    distinctQuerySection(results),
    targetSection(results),
  ];
}

function runSection(results: BenchmarkResults): Section {
  const { machine, fixture } = results;
  const { manifest } = fixture;
  const { parameters } = manifest;
  return {
    title: `Earshot API benchmark, ${results.date.toISOString().replace(/\.\d+Z$/, 'Z')}`,
    lines: [
      `Machine: ${machineSummary(machine)}`,
      `Fixture: ${wholeNumber(parameters.sessionCount)} sessions (${wholeNumber(manifest.chineseSessionCount)} in Chinese), ` +
        `${parameters.segmentsPerSession} segments of ~${parameters.segmentLength} characters each; ` +
        `${megabytes(fixture.diskBytes)} on disk`,
      `Fixture build: ${duration(manifest.buildMilliseconds)} ` +
        (fixture.reused ? `(reused; built ${manifest.builtAt})` : '(built by this run)'),
    ],
  };
}

function startupSection(results: BenchmarkResults): Section {
  const samples = results.startupMilliseconds;
  const { memoryAfterStartup: started, memoryAfterLoad: loaded } = results;
  return {
    title: 'Start-up and memory',
    lines: [
      `Start-up: spawn of \`bin/earshot serve\` to its "Earshot listening on" line; ${samples.length} runs: ` +
        samples.map(milliseconds).join(', '),
    ],
    table: {
      headers: ['Figure', 'Value'],
      numericColumns: [1],
      rows: [
        ['Start-up, minimum', milliseconds(Math.min(...samples))],
        ['Start-up, median', milliseconds(median(samples))],
        ['Resident memory after start-up (VmRSS)', megabytes(started.residentBytes)],
        ['Resident memory after the load runs (VmRSS)', megabytes(loaded.residentBytes)],
        ['Peak resident memory (VmHWM)', megabytes(loaded.peakResidentBytes)],
      ],
    },
  };
}

function loadSection(results: BenchmarkResults): Section {
  const paths = new Map(results.scenarios.map(({ scenario }) => [scenario.name, scenario.path]));
  return {
    title: 'Load',
    lines: [
      `autocannon in its own process, ${results.durationSeconds} s per row, keep-alive, one request at a time per ` +
        `connection, Bearer token and Host 127.0.0.1:PORT; latencies in whole milliseconds (<1: under one)`,
      ...[...paths].map(([name, path]) => `${name}: GET ${path}`),
    ],
    table: {
      headers: [
        'Scenario',
        'Connections',
        'Requests/s',
        'p50 ms',
        'p99 ms',
        'Max ms',
        'Failed',
        'First response',
      ],
      numericColumns: [1, 2, 3, 4, 5, 6],
      rows: results.scenarios.map(({ scenario, connections, firstResponse, load }) => [
        scenario.name,
        String(connections),
        wholeNumber(load.requestsPerSecond),
        latency(load.latency.p50),
        latency(load.latency.p99),
        latency(load.latency.max),
        wholeNumber(load.failures),
        firstResponse,
      ]),
    },
  };
}

function distinctQuerySection(results: BenchmarkResults): Section {
  return {
    title: 'Distinct queries',
    lines: [
      `Clients in their own process, ${results.durationSeconds} s per row, each sending one list request after ` +
        'another with a word of the fixture vocabulary no request before it used (common and rare words ' +
        'mixed, the same order every run), so no answer cache helps; beside them one client reads the rest ' +
        'of the API in turn (a list page, a session, /health). Latencies in milliseconds from sending to ' +
        'the last byte. Load average: the machine’s, as the row started.',
    ],
    table: {
      headers: [
        'Search',
        'Clients',
        'Load average',
        'Requests/s',
        'p50 ms',
        'p99 ms',
        'Max ms',
        'Rest requests/s',
        'Rest p50 ms',
        'Rest p99 ms',
        'Rest max ms',
        'Failed',
      ],
      numericColumns: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
      rows: results.distinctQueries.map(({ parameter, connections, loadAverage, result }) => [
        `${parameter}=`,
        String(connections),
        loadAverage.toFixed(1),
        wholeNumber(result.searches.requestsPerSecond),
        latency(result.searches.latency.p50),
        latency(result.searches.latency.p99),
        latency(result.searches.latency.max),
        wholeNumber(result.rest.requestsPerSecond),
        latency(result.rest.latency.p50),
        latency(result.rest.latency.p99),
        latency(result.rest.latency.max),
        wholeNumber(result.searches.failures + result.rest.failures),
      ]),
    },
  };
}

function targetSection(results: BenchmarkResults): Section {
  return {
    title: 'Targets (10,000 sessions)',
    lines: [],
    table: {
      headers: ['Target', 'Measured', 'Met'],
      numericColumns: [],
      rows: judgeTargets(results).map(({ target, measured, met }) => [target, measured, met ? 'yes' : 'NO']),
    },
  };
}
