import type { Fixture } from '../api/fixture/prepareFixture.ts';
import { machineSummary, type MachineDescription } from '../support/machine.ts';
import type { Section } from '../support/sections.ts';
import { median, megabytes, percentile, wholeNumber } from '../support/units.ts';
import type { McpCall } from './mcpCalls.ts';

export interface CallFigures {
  call: McpCall;
  /** What the check of the warm-up answer saw. */
  checked: string;
  textCharacters: number | null;
  jsonCharacters: number;
  milliseconds: number[];
}

export interface McpBenchmarkResults {
  date: Date;
  machine: MachineDescription;
  fixture: Fixture;
  calls: number;
  /** The machine's 1-minute load average as the timed calls began: the cores may be shared. */
  loadAverage: number;
  figures: CallFigures[];
}

/** The MCP benchmark's report, for `textReport` and `markdownReport`. */
export function reportSections(results: McpBenchmarkResults): Section[] {
  const { fixture } = results;
  const { parameters } = fixture.manifest;
  return [
    {
      title: `Earshot MCP benchmark, ${results.date.toISOString().replace(/\.\d+Z$/, 'Z')}`,
      lines: [
        `Machine: ${machineSummary(results.machine)}; load average ${results.loadAverage.toFixed(1)} as the timed calls began`,
        `Fixture: bench:api's, ${wholeNumber(parameters.sessionCount)} sessions of ${parameters.segmentsPerSession} ` +
          `segments of ~${parameters.segmentLength} characters; ${megabytes(fixture.diskBytes)} on disk`,
        `The SDK's Client over Streamable HTTP to \`POST /mcp\` of \`earshot serve\` (its own process), Bearer token; ` +
          `${results.calls} calls of each kind one after another, after one untimed, checked call; ` +
          'milliseconds from the call to its answer in this process',
        'Text: characters of the tool’s text content; JSON: of the whole result (text and structuredContent, or the list)',
        ...results.figures.map(({ call }) => `${call.name}: ${call.request}`),
      ],
      table: {
        headers: ['Call', 'Median ms', 'p95 ms', 'Text chars', 'JSON chars', 'Answer'],
        numericColumns: [1, 2, 3, 4],
        rows: results.figures.map(({ call, checked, textCharacters, jsonCharacters, milliseconds }) => {
          const sorted = [...milliseconds].sort((left, right) => left - right);
          return [
            call.name,
            fraction(median(sorted)),
            fraction(percentile(sorted, 0.95)),
            textCharacters === null ? '—' : wholeNumber(textCharacters),
            wholeNumber(jsonCharacters),
            checked,
          ];
        }),
      },
    },
  ];
}

/** One decimal: most calls take a few milliseconds. */
function fraction(milliseconds: number): string {
  return milliseconds.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}
