import type { ParseArgsOptionsConfig } from 'node:util';

/**
 * Every option `earshot` accepts, for `parseArgs` in earshot.ts. Its own module so that a test can
 * read it without running the CLI (earshot.ts runs main() on import); cliDocs.test.ts checks that
 * each one is in the usage text.
 */
export const commandLineOptions = {
  'data-dir': { type: 'string' },
  port: { type: 'string' },
  mode: { type: 'string' },
  search: { type: 'string' },
  status: { type: 'string' },
  topic: { type: 'string' },
  limit: { type: 'string' },
  offset: { type: 'string' },
  json: { type: 'boolean' },
  print: { type: 'boolean' },
  provider: { type: 'string' },
  language: { type: 'string' },
  title: { type: 'string' },
  from: { type: 'string' },
  yes: { type: 'boolean' },
  name: { type: 'string' },
  default: { type: 'boolean' },
  speed: { type: 'string' },
  wait: { type: 'boolean' },
  only: { type: 'string' },
  ai: { type: 'string' },
  keep: { type: 'boolean' },
  discard: { type: 'boolean' },
  'gaps-only': { type: 'boolean' },
  to: { type: 'string' },
  'with-audio': { type: 'boolean' },
  all: { type: 'boolean' },
  tag: { type: 'string' },
  since: { type: 'string' },
  until: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
} as const satisfies ParseArgsOptionsConfig;
