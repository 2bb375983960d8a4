import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { defaultFixtureDirectory, positiveWholeNumber } from '../api/options.ts';

export interface McpBenchmarkOptions {
  dataDirectory: string;
  /** Timed calls of each kind, one after another. */
  calls: number;
  writeReadme: boolean;
}

export const usage = `Usage: npm run bench:mcp -- [options]
  --data-dir DIR     fixture directory, shared with bench:api (default .tmp/bench-api-10k; rebuilt when stale)
  --calls N          timed calls of each kind (default 50)
  --no-readme        print only; leave bench/README.md as it is`;

export function parseOptions(argv: string[]): McpBenchmarkOptions {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowNegative: true,
    options: {
      'data-dir': { type: 'string', default: defaultFixtureDirectory },
      calls: { type: 'string', default: '50' },
      readme: { type: 'boolean', default: true },
    },
  });
  return {
    dataDirectory: resolve(values['data-dir']),
    calls: positiveWholeNumber('--calls', values.calls, usage),
    writeReadme: values.readme,
  };
}
