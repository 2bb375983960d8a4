import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { readShellSettings, writeShellSettings } from './shellSettings.ts';

let directory: ReturnType<typeof temporaryDirectory> | undefined;
afterEach(() => directory?.remove());

function settingsFile(): string {
  directory = temporaryDirectory('shell-settings');
  return join(directory.path, 'shell-settings.json');
}

describe('the shell settings', () => {
  it('keep the caption overlay bounds across launches, in a file only the user reads', () => {
    const file = settingsFile();
    const captionBounds = { x: -1200, y: 640, width: 800, height: 170 };
    writeShellSettings(file, { captionBounds });
    expect(readShellSettings(file)).toEqual({ captionBounds });
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('are empty when the file is missing, damaged or holds impossible bounds', () => {
    const file = settingsFile();
    expect(readShellSettings(file)).toEqual({});
    writeFileSync(file, '{"captionBounds": {"x": 1');
    expect(readShellSettings(file)).toEqual({});
    writeFileSync(file, JSON.stringify({ captionBounds: { x: 0, y: 0, width: -5, height: 100 } }));
    expect(readShellSettings(file)).toEqual({});
  });
});
