import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The "may import" column of docs/architecture.md: which rooms each room may import from (itself
 * always). `main/` may import everything and is imported by nothing outside it; `test/` and
 * `bench/` may import anything.
 */
const allowedRooms: Record<string, readonly string[]> = {
  machines: [],
  providers: [],
  store: [],
  ai: [],
  actors: ['machines', 'providers', 'store', 'ai'],
  api: ['machines', 'providers', 'store', 'ai', 'actors'],
};

/**
 * Rooms another room takes types from and nothing else: ai/ works on store/'s records and settings
 * as values it is handed, so the same generation code serves the service, the CLI and the tests.
 */
const typesOnlyRooms: Record<string, readonly string[]> = {
  ai: ['store'],
};

/** The page runs in the browser: it takes only types from other rooms, and these shared names. */
const sharedWithUi = new Set([
  'api/control/controlBasePath.ts',
  'api/login/pageKey.ts',
  'providers/configuration/settingsCommand.ts',
  'providers/live/proxyProtocol.ts',
  'providers/whisper-cpp/runtimePage.ts',
  'store/changedWords.ts',
  'store/citedSegment.ts',
  'store/records.ts',
]);

const specifier =
  /(?:^|\n)\s*(import|export)(\s+type)?[^'";]*?from\s+'(\.{1,2}\/[^']+)'|import\(\s*'(\.{1,2}\/[^']+)'\s*\)/g;

interface ImportLine {
  file: string;
  target: string;
  typeOnly: boolean;
}

function sourceFiles(directory: string): string[] {
  if (!existsSync(join(repositoryRoot, directory))) return [];
  return readdirSync(join(repositoryRoot, directory), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) =>
      posix.join(posix.relative(repositoryRoot, entry.parentPath).split('\\').join('/'), entry.name),
    )
    .filter((file) => !file.includes('/dist/') && !file.includes('node_modules'));
}

function importsOf(file: string): ImportLine[] {
  const text = readFileSync(join(repositoryRoot, file), 'utf8');
  return [...text.matchAll(specifier)].map((match) => ({
    file,
    target: posix.normalize(posix.join(posix.dirname(file), match[3] ?? match[4] ?? '')),
    typeOnly: match[2] !== undefined,
  }));
}

const roomOf = (path: string): string => path.split('/')[0] ?? path;

function refusal({ file, target, typeOnly }: ImportLine): string | undefined {
  const from = roomOf(file);
  const to = roomOf(target);
  if (from === to || to === 'package.json') return undefined;
  if (file.endsWith('.test.ts') && to === 'test') return undefined;
  if (to === 'main') return `${file} imports ${target}: nothing outside main/ imports main/`;
  if (from === 'ui') {
    return typeOnly || sharedWithUi.has(target)
      ? undefined
      : `${file} imports ${target}: the page takes only types`;
  }
  if (typesOnlyRooms[from]?.includes(to) === true) {
    return typeOnly ? undefined : `${file} imports ${target}: ${from}/ takes only types from ${to}/`;
  }
  const allowed = allowedRooms[from] ?? [];
  return allowed.includes(to) ? undefined : `${file} imports ${target}: ${from}/ may not import ${to}/`;
}

describe('room imports (docs/architecture.md, "Rooms")', () => {
  const rooms = [...Object.keys(allowedRooms), 'ui'];
  const lines = rooms.flatMap((room) => sourceFiles(room)).flatMap(importsOf);

  it('reads the imports it checks', () => {
    expect(lines.length).toBeGreaterThan(500);
    expect(
      lines.some((line) => line.file === 'api/control/controlApp.ts' && line.target.startsWith('actors/')),
    ).toBe(true);
  });

  it('finds an import against the table', () => {
    expect(refusal({ file: 'actors/x.ts', target: 'api/app.ts', typeOnly: true })).toMatch(
      /actors\/ may not import api\//,
    );
    expect(refusal({ file: 'api/x.ts', target: 'main/service.ts', typeOnly: false })).toMatch(
      /nothing outside main/,
    );
    expect(refusal({ file: 'ui/x.ts', target: 'store/sessionStore.ts', typeOnly: false })).toMatch(
      /only types/,
    );
    expect(refusal({ file: 'ai/x.ts', target: 'store/secretsFile.ts', typeOnly: false })).toMatch(
      /ai\/ takes only types from store\//,
    );
    expect(refusal({ file: 'ai/x.ts', target: 'store/records.ts', typeOnly: true })).toBeUndefined();
    expect(refusal({ file: 'ai/x.ts', target: 'providers/http/providerError.ts', typeOnly: true })).toMatch(
      /ai\/ may not import providers\//,
    );
  });

  it('has no import against the table', () => {
    expect(lines.map(refusal).filter((problem) => problem !== undefined)).toEqual([]);
  });
});
