import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { commandLineOptions } from './commandLineOptions.ts';
import { usage } from './usage.ts';

/**
 * docs/cli.md, the usage text (`earshot --help`) and the parser must agree: every command and flag
 * of the usage text is documented, and every option the parser accepts is in the usage text. The
 * usage text is parsed, so a command or flag added there is checked without touching this test.
 */

const docsPath = 'docs/cli.md';
const docs = readFileSync(new URL('../../docs/cli.md', import.meta.url), 'utf8');
const dispatcher = readFileSync(new URL('./earshot.ts', import.meta.url), 'utf8');

interface UsageCommand {
  /** The command words, `sessions finalize`; one entry per alternative of `api enable|disable|status`. */
  words: string;
  /** The flags of its synopsis, `--search`, `--json`, …, not those its description mentions. */
  flags: string[];
}

const flagPattern = /(?<![\w-])--[a-z][a-z-]*(?![\w-])/g;
const shortFlagPattern = /(?<![\w-])-[a-zA-Z](?![\w-])/g;
/** A command word, or alternatives of one (`enable|disable|status`). */
const commandWord = /^[a-z][a-z0-9-]*(\|[a-z][a-z0-9-]*)*$/;

/**
 * Command lines are indented two spaces and begin with a lowercase word (continuation lines are
 * indented further, option lines begin with `--`). The synopsis is what comes before the description:
 * before the first run of two spaces, and before the first capitalised word (`Every`), for a synopsis
 * that fills the column. Its leading lowercase words are the command; its `--flags` are the command's.
 */
function usageCommands(text: string): UsageCommand[] {
  const commands: UsageCommand[] = [];
  for (const line of text.split('\n')) {
    if (!/^ {2}[a-z]/.test(line)) continue;
    const tokens =
      line
        .trim()
        .split(/\s{2,}/)[0]
        ?.split(' ') ?? [];
    const descriptionStart = tokens.findIndex((token) => /^[A-Z][a-z]/.test(token));
    const synopsis = descriptionStart === -1 ? tokens : tokens.slice(0, descriptionStart);
    const wordCount = synopsis.findIndex((token) => !commandWord.test(token));
    const alternatives = synopsis
      .slice(0, wordCount === -1 ? synopsis.length : wordCount)
      .map((token) => token.split('|'));
    const flags = synopsis.join(' ').match(flagPattern) ?? [];
    const expanded = alternatives.reduce<string[]>(
      (prefixes, choices) =>
        prefixes.flatMap((prefix) => choices.map((choice) => `${prefix} ${choice}`.trim())),
      [''],
    );
    for (const words of expanded) commands.push({ words, flags: [...new Set(flags)] });
  }
  return commands;
}

const unique = (items: Iterable<string>) => [...new Set(items)];
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `text` as a whole word or flag: `--data-dir` does not count as `--data`, nor `import-model` as `import`. */
const whole = (text: string) => new RegExp(`(?<![\\w-])${escape(text)}(?![\\w-])`);

const commands = usageCommands(usage);
const usageFlags = unique(usage.match(flagPattern) ?? []);
const usageShortFlags = unique(usage.match(shortFlagPattern) ?? []);

describe('parsing the usage text', () => {
  it('finds its commands and flags (so the checks below are not empty)', () => {
    expect(commands.length).toBeGreaterThan(20);
    expect(
      commands.map((command) => command.words),
      'commands found in the usage text',
    ).toEqual(
      expect.arrayContaining(['serve', 'api disable', 'sessions finalize', 'runtime download-model']),
    );
    expect(commands.find((command) => command.words === 'live')?.flags).toEqual(
      expect.arrayContaining(['--provider', '--from', '--speed']),
    );
    // A flag mentioned in a description is not the command's own.
    expect(commands.find((command) => command.words === 'runtime import-binary')?.flags).toEqual([]);
    expect(usageFlags).toEqual(expect.arrayContaining(['--mode', '--data-dir', '--version']));
  });
});

describe(`${docsPath} documents everything "earshot --help" lists`, () => {
  it('every command and subcommand, as "earshot <command>"', () => {
    const missing = unique(commands.map(({ words }) => `earshot ${words}`)).filter(
      (command) => !whole(command).test(docs),
    );
    expect(missing, `${docsPath} does not mention these commands of the usage text`).toEqual([]);
  });

  it('every flag', () => {
    const missing = usageFlags.filter((flag) => !whole(flag).test(docs));
    expect(missing, `${docsPath} does not mention these flags of the usage text`).toEqual([]);
    const missingShort = usageShortFlags.filter((flag) => !whole(flag).test(docs));
    expect(missingShort, `${docsPath} does not mention these short flags of the usage text`).toEqual([]);
  });

  it("every command's flags on a line that names the command", () => {
    const lines = docs.split('\n');
    const missing = commands.flatMap(({ words, flags }) => {
      const naming = lines.filter((line) => whole(`earshot ${words}`).test(line));
      return flags
        .filter((flag) => !naming.some((line) => whole(flag).test(line)))
        .map((flag) => `earshot ${words} ${flag}`);
    });
    expect(
      missing,
      `no line of ${docsPath} that names the command shows these flags of its usage synopsis`,
    ).toEqual([]);
  });
});

describe('the usage text lists what the CLI accepts', () => {
  it('every option of the parser (main/cli/commandLineOptions.ts)', () => {
    const options = Object.entries(commandLineOptions) as [string, { short?: string }][];
    const missing = options.map(([name]) => `--${name}`).filter((flag) => !usageFlags.includes(flag));
    const missingShort = options
      .flatMap(([, option]) => (option.short === undefined ? [] : [`-${option.short}`]))
      .filter((flag) => !usageShortFlags.includes(flag));
    expect(missing, 'the usage text (main/cli/usage.ts) lacks these options of the parser').toEqual([]);
    expect(missingShort, 'the usage text (main/cli/usage.ts) lacks these short options').toEqual([]);
  });

  it('every command the dispatcher (main/cli/earshot.ts) handles, and no other', () => {
    const dispatched = unique(
      [...dispatcher.matchAll(/^\s*case '([a-z-]+)':/gm)].map((match) => match[1] ?? ''),
    );
    const listed = unique(commands.map(({ words }) => words.split(' ')[0] ?? ''));
    expect(dispatched.length).toBeGreaterThan(5);
    expect(
      dispatched.filter((command) => !listed.includes(command)),
      'the usage text lacks these commands of the dispatcher',
    ).toEqual([]);
    expect(
      listed.filter((command) => !dispatched.includes(command)),
      'the usage text lists commands the dispatcher does not handle',
    ).toEqual([]);
  });
});
