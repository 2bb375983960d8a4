import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Stand-ins for the tools scripts/build-whisper-server.sh runs, in `directory` (put it first on
 * PATH): `npm pack` hands over an empty whisper.cpp source, and `cmake --build` prints a real
 * build's progress lines and leaves a whisper-server that answers `--help` as the real one does,
 * or, with `fails`, stops halfway with a compiler error. `make` and `c++` only need to be there.
 * `secondsAtHalfway` holds the build at 45% so a test can see it there.
 */
export function writeFakeBuildTools(
  directory: string,
  outcome: 'builds' | 'fails',
  secondsAtHalfway = 0,
): void {
  mkdirSync(directory, { recursive: true });
  const tool = (name: string, script: string) => {
    writeFileSync(join(directory, name), `#!/bin/sh\n${script}`);
    chmodSync(join(directory, name), 0o755);
  };
  tool('npm', 'mkdir -p package/cpp/whisper.cpp && tar -czf nodejs-whisper-0.3.1.tgz package\n');
  tool('make', 'exit 0\n');
  tool('c++', 'exit 0\n');
  const build =
    outcome === 'builds'
      ? `echo "[100%] Built target whisper-server"
mkdir -p "$2/bin"
printf '#!/bin/sh\\necho "  --inference-path PATH" >&2\\n' > "$2/bin/whisper-server"
chmod 755 "$2/bin/whisper-server"`
      : `echo "src/whisper.cpp:42:1: error: expected ';' before '}' token" >&2
exit 2`;
  tool(
    'cmake',
    `if [ "$1" != "--build" ]; then echo "-- Configuring done"; exit 0; fi
echo "[  8%] Building C object ggml/src/CMakeFiles/ggml-base.dir/ggml.c.o"
echo "[ 45%] Building CXX object src/CMakeFiles/whisper.dir/whisper.cpp.o"
sleep ${secondsAtHalfway}
${build}
`,
  );
}
