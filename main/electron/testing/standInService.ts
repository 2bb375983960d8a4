import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { removeServiceFiles, writeServiceFiles } from '../../serviceFile.ts';

/*
 * A stand-in for `earshot serve` in the shell's process tests: node standInService.ts DATA_DIR MODE.
 * - ready: announces itself and answers /api/v1/health; on SIGTERM takes a moment (as closing live
 *   sessions does), writes `stopped` in the data directory, removes service.json and exits 0;
 * - stubborn: as ready, but ignores SIGTERM;
 * - failing: writes an error to stderr and exits 1 before announcing itself;
 * - silent: writes its pid to `pid` in the data directory and never announces itself.
 */
const stopDelayMs = 300;
const [directory, mode] = process.argv.slice(2);

if (directory === undefined || mode === undefined) {
  console.error('usage: node standInService.ts DATA_DIR ready|stubborn|failing|silent');
  process.exit(2);
}

if (mode === 'failing') {
  console.error('stand-in: the database is locked by another program');
  process.exit(1);
} else if (mode === 'silent') {
  writeFileSync(join(directory, 'pid'), String(process.pid));
  setInterval(() => undefined, 60_000);
} else {
  const server = createServer((request, response) => {
    response.writeHead(request.url === '/api/v1/health' ? 200 : 404).end();
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    const baseUrl = `http://127.0.0.1:${port}`;
    const info = { pid: process.pid, port, baseUrl, startedAt: new Date().toISOString() };
    writeServiceFiles(directory, info, 'stand-in-launch-secret');
  });
  process.on('SIGTERM', () => {
    if (mode === 'stubborn') return;
    setTimeout(() => {
      writeFileSync(join(directory, 'stopped'), 'yes');
      removeServiceFiles(directory);
      process.exit(0);
    }, stopDelayMs);
  });
}
