/**
 * A stand-in for the whisper-server binary in supervisor tests, run by the scripts that
 * `fakeServerBinary.ts` writes. Its first argument is the behaviour; the rest are the flags the
 * supervisor passed, which it appends to `$FAKE_STATE_DIR/spawns.log` (one JSON array a line).
 */
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';

const [behaviour, ...flags] = process.argv.slice(2);
const stateDirectory = process.env.FAKE_STATE_DIR ?? '.';
appendFileSync(join(stateDirectory, 'spawns.log'), `${JSON.stringify(flags)}\n`);
const port = Number(flags[flags.indexOf('--port') + 1]);
const host = flags[flags.indexOf('--host') + 1] ?? '127.0.0.1';

process.stderr.write('whisper_init_from_file_with_params_no_state: loading model\n');

function serveHealth(): void {
  const server = createServer((request, response) => {
    if (request.url === '/health') {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    } else {
      response.writeHead(404, { 'content-type': 'text/plain' }).end(`File Not Found (${request.url})`);
    }
  });
  // whisper-server shuts down gracefully with exit 0 on SIGTERM.
  process.on('SIGTERM', () => {
    process.stderr.write('Caught signal 15, shutting down gracefully...\n');
    server.close();
    process.exit(0);
  });
  server.listen(port, host, () =>
    process.stderr.write(`whisper server listening at http://${host}:${port}\n`),
  );
}

function crashSoon(): void {
  setTimeout(() => {
    process.stderr.write('GGML_ASSERT failed: simulated crash\n');
    process.exit(134);
  }, 150);
}

switch (behaviour) {
  case 'ready':
    serveHealth();
    break;
  case 'never-ready':
    process.stderr.write('still loading…\n');
    setInterval(() => {}, 1_000);
    break;
  case 'ignores-sigterm':
    process.on('SIGTERM', () => process.stderr.write('ignoring SIGTERM\n'));
    setInterval(() => {}, 1_000);
    break;
  case 'exits-early':
    for (let line = 1; line <= 25; line++) process.stderr.write(`error line ${line}\n`);
    process.exit(3);
    break;
  case 'prints-usage':
    // What whisper-server does with an unknown flag: usage on stderr, exit code 0.
    process.stderr.write('usage: whisper-server [options]\nerror: unknown argument: --bogus\n');
    process.exit(0);
    break;
  case 'crashes-after-ready':
    serveHealth();
    crashSoon();
    break;
  case 'crashes-once': {
    const marker = join(stateDirectory, 'crashed-once');
    serveHealth();
    if (!existsSync(marker)) {
      writeFileSync(marker, '');
      crashSoon();
    }
    break;
  }
  case 'hands-off-port': {
    // Leaves a helper that answers /health on the port after this process has exited, and keeps
    // its output pipes open: readiness must not be granted to it.
    const helper = spawn(process.execPath, [...process.execArgv, process.argv[1] ?? '', 'ready', ...flags], {
      stdio: 'inherit',
      detached: true,
      env: { ...process.env, FAKE_STATE_DIR: join(stateDirectory, 'helper') },
    });
    writeFileSync(join(stateDirectory, 'helper.pid'), String(helper.pid));
    helper.unref();
    process.exit(0);
    break;
  }
  default:
    process.stderr.write(`unknown behaviour ${behaviour}\n`);
    process.exit(64);
}
