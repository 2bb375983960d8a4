import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

export interface BenchmarkOptions {
  dataDirectory: string;
  durationSeconds: number;
  /** The concurrency of the main load runs; every scenario is also run with one connection. */
  connections: number;
  startups: number;
  writeReadme: boolean;
}

const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));
/** Shared with bench:mcp, which measures the MCP server on the same fixture. */
export const defaultFixtureDirectory = resolve(repositoryRoot, '.tmp/bench-api-10k');

export const usage = `Usage: npm run bench:api -- [options]
  --data-dir DIR     fixture directory (default .tmp/bench-api-10k; rebuilt when stale)
  --duration SEC     seconds of load per scenario and concurrency (default 10)
  --connections N    concurrent connections of the main load runs (default 10)
  --startups N       service start-ups timed (default 5)
  --no-readme        print only; leave bench/README.md as it is`;

export function parseOptions(argv: string[]): BenchmarkOptions {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowNegative: true,
    options: {
      'data-dir': { type: 'string', default: defaultFixtureDirectory },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '10' },
      startups: { type: 'string', default: '5' },
      readme: { type: 'boolean', default: true },
    },
  });
  return {
    dataDirectory: resolve(values['data-dir']),
    durationSeconds: positiveWholeNumber('--duration', values.duration),
    connections: positiveWholeNumber('--connections', values.connections),
    startups: positiveWholeNumber('--startups', values.startups),
    writeReadme: values.readme,
  };
}

export function positiveWholeNumber(name: string, text: string, usageText = usage): number {
  if (!/^[1-9][0-9]*$/.test(text))
    throw new Error(`${name} must be a whole number of 1 or more (got "${text}").\n${usageText}`);
  return Number(text);
}
