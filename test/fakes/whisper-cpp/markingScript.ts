import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A script that leaves `ran` behind if anything runs it, as an attacker's "whisper-server" would
 * act; it answers `--help` like whisper-server, so only a check that refuses to run it stops it.
 */
export function markingScript(directory: string, name: string): { path: string; ran: string } {
  const path = join(directory, name);
  const ran = join(directory, `${name}.ran`);
  writeFileSync(path, `#!/bin/sh\ntouch '${ran}'\necho "  --inference-path PATH" >&2\n`);
  chmodSync(path, 0o755);
  return { path, ran };
}
