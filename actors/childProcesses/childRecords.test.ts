import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import {
  type ChildRecord,
  childRecordsDirectory,
  readChildRecords,
  removeChildRecord,
  writeChildRecord,
} from './childRecords.ts';

let directory: ReturnType<typeof temporaryDirectory>;
beforeEach(() => (directory = temporaryDirectory('child-records')));
afterEach(() => {
  vi.unstubAllEnvs();
  directory.remove();
});

const record: ChildRecord = {
  pid: 4242,
  startTicks: 123456,
  processGroup: 4242,
  command: '/opt/whisper/whisper-server',
  args: ['-m', '/models/base.bin', '--port', '8177'],
  owner: { pid: 4200, startTicks: 120000 },
  bootId: '7df97daf-5ffc-4f32-8400-e1ef6464b483',
  startedAt: '2025-01-01T00:00:00.000Z',
};

describe('childRecordsDirectory', () => {
  it('is EARSHOT_CHILD_RECORDS when set, else under XDG_STATE_HOME, else ~/.local/state', () => {
    vi.stubEnv('EARSHOT_CHILD_RECORDS', '/somewhere/records');
    vi.stubEnv('XDG_STATE_HOME', '/state');
    expect(childRecordsDirectory()).toBe('/somewhere/records');
    vi.stubEnv('EARSHOT_CHILD_RECORDS', '');
    expect(childRecordsDirectory()).toBe('/state/earshot/children');
    // The XDG rule: a relative path is to be ignored.
    vi.stubEnv('XDG_STATE_HOME', 'relative/state');
    expect(childRecordsDirectory()).toBe(join(homedir(), '.local', 'state', 'earshot', 'children'));
  });
});

describe('child records', () => {
  it('are written whole, readable by the user only, read back and removed', () => {
    const records = join(directory.path, 'state', 'children');
    vi.stubEnv('EARSHOT_CHILD_RECORDS', records);
    const path = writeChildRecord(record);

    expect(path).toBe(join(records, '4242-123456.json'));
    expect(statSync(records).mode & 0o777).toBe(0o700);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    // No temporary file is left beside it.
    expect(readdirSync(records)).toEqual(['4242-123456.json']);
    expect(readChildRecords()).toEqual([{ path, record }]);

    removeChildRecord(path);
    expect(readChildRecords()).toEqual([]);
  });

  it('makes a directory that already exists private', () => {
    vi.stubEnv('EARSHOT_CHILD_RECORDS', directory.path);
    writeChildRecord(record);
    expect(statSync(directory.path).mode & 0o777).toBe(0o700);
  });

  it('reads as none when the directory does not exist', () => {
    vi.stubEnv('EARSHOT_CHILD_RECORDS', join(directory.path, 'never-made'));
    expect(readChildRecords()).toEqual([]);
  });

  it('reads a file that is not a whole, well-formed record as no record', () => {
    vi.stubEnv('EARSHOT_CHILD_RECORDS', directory.path);
    const broken = {
      half: '{"pid": 4242, "startTi',
      noOwner: JSON.stringify({ ...record, owner: undefined }),
      // Signalled as a group, 1 would be every process the user may signal.
      groupOne: JSON.stringify({ ...record, pid: 1, processGroup: 1 }),
      foreignGroup: JSON.stringify({ ...record, processGroup: 777 }),
      textTicks: JSON.stringify({ ...record, startTicks: '123456' }),
    };
    for (const [name, text] of Object.entries(broken))
      writeFileSync(join(directory.path, `${name}.json`), text);
    // Not records at all: left alone.
    writeFileSync(join(directory.path, '4242-1.json.0a1b2c.tmp'), '{');

    const read = readChildRecords();
    expect(read.map(({ path }) => path).sort()).toEqual(
      Object.keys(broken)
        .map((name) => join(directory.path, `${name}.json`))
        .sort(),
    );
    expect(read.every(({ record }) => record === undefined)).toBe(true);
  });
});
