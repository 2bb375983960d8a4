import { appendFileSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { noteFileName } from '../../store/export/noteFileName.ts';
import { noteMarker } from '../../store/export/sessionNote.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { NoteWithoutMarkerError, writeNoteFile, type NoteFileSystem } from './noteFile.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let folder: string;

beforeEach(() => {
  directory = temporaryDirectory('note-file');
  folder = directory.path;
});
afterEach(() => directory.remove());

const startedAt = Date.UTC(2024, 4, 6, 9, 30);
const session = { id: '1f0c9a2b-5d6e-4f70-8a9b-0c1d2e3f4a5b', title: 'Stand-up', startedAt };

/** A note as the writer renders one: front matter naming the session, a body, the marker, the user's part. */
function renderer(id: string, body: string) {
  return (userPart: string) => `---\nsession: "${id}"\n---\n\n${body}\n\n${noteMarker}\n${userPart}`;
}

const read = (name: string) => readFileSync(join(folder, name), 'utf8');

describe('writing a note', () => {
  it('creates it readable by the user only, leaving no temporary file', async () => {
    const written = await writeNoteFile(folder, session, renderer(session.id, 'first'));
    expect(written).toEqual({ file: noteFileName(session), change: 'created' });
    expect(readdirSync(folder)).toEqual([written.file]);
    expect(read(written.file)).toBe(renderer(session.id, 'first')(''));
    expect(statSync(join(folder, written.file)).mode & 0o777).toBe(0o600);
  });

  it("rewrites it keeping the user's lines below the marker exactly, and its mode", async () => {
    const { file } = await writeNoteFile(folder, session, renderer(session.id, 'first'));
    const mine = '\n## Mine\r\n- [x] called Bob\n\n<!-- keep -->\ntrailing';
    appendFileSync(join(folder, file), mine);
    await fs.chmod(join(folder, file), 0o640);
    const rewritten = await writeNoteFile(folder, session, renderer(session.id, 'second'));
    expect(rewritten).toEqual({ file, change: 'updated' });
    expect(read(file)).toBe(renderer(session.id, 'second')(mine));
    expect(statSync(join(folder, file)).mode & 0o777).toBe(0o640);
    expect(readdirSync(folder)).toEqual([file]);
  });

  it('leaves a note that would not change untouched', async () => {
    const { file } = await writeNoteFile(folder, session, renderer(session.id, 'same'));
    const past = new Date('2020-01-01T00:00:00Z');
    utimesSync(join(folder, file), past, past);
    expect(await writeNoteFile(folder, session, renderer(session.id, 'same'))).toEqual({
      file,
      change: 'unchanged',
    });
    expect(statSync(join(folder, file)).mtime).toEqual(past);
  });

  it("moves a renamed session's note to its new name, with the user's lines, leaving one file", async () => {
    const { file: old } = await writeNoteFile(folder, session, renderer(session.id, 'first'));
    appendFileSync(join(folder, old), 'my lines\n');
    const renamed = { ...session, title: 'Planning' };
    const written = await writeNoteFile(folder, renamed, renderer(session.id, 'renamed'));
    expect(written).toEqual({ file: noteFileName(renamed), change: 'updated' });
    expect(readdirSync(folder)).toEqual([written.file]);
    expect(read(written.file)).toBe(renderer(session.id, 'renamed')('my lines\n'));
  });

  it('finds a note the user renamed, as long as its name ends with the id', async () => {
    const { file } = await writeNoteFile(folder, session, renderer(session.id, 'first'));
    await fs.rename(join(folder, file), join(folder, 'Moved here (1f0c9a2b).md'));
    appendFileSync(join(folder, 'Moved here (1f0c9a2b).md'), 'kept\n');
    await writeNoteFile(folder, session, renderer(session.id, 'again'));
    expect(readdirSync(folder)).toEqual([file]);
    expect(read(file)).toBe(renderer(session.id, 'again')('kept\n'));
  });

  it("never writes over a file that is not the session's: it takes the name with the whole id", async () => {
    const other = { ...session, id: '1f0c9a2b-ffff-4f70-8a9b-0c1d2e3f4a5b' };
    await writeNoteFile(folder, other, renderer(other.id, 'other session'));
    const written = await writeNoteFile(folder, session, renderer(session.id, 'this session'));
    expect(written.file).toBe(noteFileName(session, true));
    expect(read(noteFileName(other))).toBe(renderer(other.id, 'other session')(''));
    expect((await writeNoteFile(folder, session, renderer(session.id, 'again'))).file).toBe(written.file);

    const third = { ...session, id: 'abcdefgh-third' };
    writeFileSync(join(folder, noteFileName(third)), 'a file of my own\n');
    writeFileSync(join(folder, noteFileName(third, true)), 'another of my own\n');
    await expect(writeNoteFile(folder, third, renderer(third.id, 'x'))).rejects.toThrow(/are there already/);
    expect(read(noteFileName(third))).toBe('a file of my own\n');
    expect(read(noteFileName(third, true))).toBe('another of my own\n');
  });

  it('leaves a note whose marker line is gone as it is, and says so', async () => {
    const { file } = await writeNoteFile(folder, session, renderer(session.id, 'first'));
    const edited = `---\nsession: "${session.id}"\n---\n\nI rewrote all of it.\n`;
    writeFileSync(join(folder, file), edited);
    const attempt = writeNoteFile(folder, session, renderer(session.id, 'second'));
    await expect(attempt).rejects.toBeInstanceOf(NoteWithoutMarkerError);
    await expect(attempt).rejects.toMatchObject({ file });
    expect(read(file)).toBe(edited);
    expect(readdirSync(folder)).toEqual([file]);
  });

  it('fails in a folder that is not there, creating nothing', async () => {
    const missing = join(folder, 'vault');
    await expect(writeNoteFile(missing, session, renderer(session.id, 'x'))).rejects.toMatchObject({
      code: 'ENOENT',
    });
    expect(readdirSync(folder)).toEqual([]);
  });
});

describe('a write that fails or meets the user', () => {
  it('keeps the old note whole when the disk fills, and removes the half-written file', async () => {
    const { file } = await writeNoteFile(folder, session, renderer(session.id, 'first'));
    appendFileSync(join(folder, file), 'mine\n');
    const before = read(file);
    const fullDisk: NoteFileSystem = {
      ...fs,
      writeFile: async (path, data, options) => {
        await fs.writeFile(path, data.slice(0, 10), options);
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      },
    };
    await expect(
      writeNoteFile(folder, session, renderer(session.id, 'second'), fullDisk),
    ).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(read(file)).toBe(before);
    expect(readdirSync(folder)).toEqual([file]);
  });

  it('reads the note again when its user saved it during the write, so their new lines stay', async () => {
    const { file } = await writeNoteFile(folder, session, renderer(session.id, 'first'));
    let saves = 0;
    const userSavesOnce: NoteFileSystem = {
      ...fs,
      writeFile: async (path, data, options) => {
        await fs.writeFile(path, data, options);
        if (saves++ === 0) {
          appendFileSync(join(folder, file), 'typed meanwhile\n');
          const later = new Date(Date.now() + 5_000);
          utimesSync(join(folder, file), later, later);
        }
      },
    };
    await writeNoteFile(folder, session, renderer(session.id, 'second'), userSavesOnce);
    expect(read(file)).toBe(renderer(session.id, 'second')('typed meanwhile\n'));
    expect(readdirSync(folder)).toEqual([file]);
  });
});
