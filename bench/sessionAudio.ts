/**
 * `npm run bench:session-audio`: what keeping a live session's audio costs and what a crash loses.
 * 1. Size: an hour of speech (test/fixtures/audio/long-16k.wav, looped) through the real writer
 *    (PCM16 → ffmpeg → Opus in Ogg), as fast as ffmpeg takes it: bytes per hour.
 * 2. CPU: one minute of the same speech at real time (100 ms frames every 100 ms, as a live
 *    session gets them): the ffmpeg child's CPU time (from /proc) and this process's.
 * 3. Loss: ten runs of the writer in a child process, each killed with SIGKILL at a random moment
 *    (seeded) between 0.3 and 12 s; the part is repaired as the next start does, and the audio fed
 *    before the kill is compared with the repaired file's length (ffprobe).
 * Prints figures and asserts nothing; see bench/README.md.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { probeMedia } from '../actors/fileJob/probeMedia.ts';
import { repairUnfinishedAudio } from '../actors/sessionAudio/recordingRepair.ts';
import { startSessionAudioWriter } from '../actors/sessionAudio/sessionAudioWriter.ts';
import { listAudioParts } from '../store/audio/sessionAudioFiles.ts';
import { fixture } from '../test/support/fixtures.ts';
import { killAudioWriterAfter } from '../test/support/killedAudioWriter.ts';
import { temporaryDirectory } from '../test/support/temporaryDirectory.ts';
import { seededRandom } from './api/fixture/random.ts';
import { describeMachine } from './support/machine.ts';

const log = (line: string) => console.error(line);
const frameBytes = 3200;
const speech = fixture('audio/long-16k.wav');
const pcm = readFileSync(speech).subarray(44);
const clockTicksPerSecond = 100;

/** CPU seconds (user + system) of the ffmpeg children of this process, read from /proc. */
function ffmpegCpuSeconds(): number {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) !== process.pid || !stat.includes('(ffmpeg)')) continue;
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended between the listing and the read
    }
  }
  return ticks / clockTicksPerSecond;
}

function frameAt(index: number): Buffer {
  const frames = Math.floor(pcm.length / frameBytes);
  const offset = (index % frames) * frameBytes;
  return pcm.subarray(offset, offset + frameBytes);
}

function startPcmWriter(dataDirectory: string, sessionId: string) {
  return startSessionAudioWriter({
    dataDirectory,
    sessionId,
    audioFormat: 'pcm16',
    startMs: 0,
    onProblem: log,
  });
}

async function bytesPerHour(): Promise<{ bytes: number; durationMs: number }> {
  const directory = temporaryDirectory('bench-audio-size');
  try {
    const writer = startPcmWriter(directory.path, 'hour');
    for (let index = 0; index < 36_000; index++) writer.write(frameAt(index));
    await writer.close();
    const [part] = listAudioParts(directory.path, 'hour');
    const path = part?.path ?? '';
    return {
      bytes: statSync(path).size,
      durationMs: (await probeMedia(path, new AbortController().signal)).durationMs ?? 0,
    };
  } finally {
    directory.remove();
  }
}

async function realTimeCpu(seconds: number): Promise<{ ffmpegPercent: number; ownPercent: number }> {
  const directory = temporaryDirectory('bench-audio-cpu');
  try {
    const writer = startPcmWriter(directory.path, 'cpu');
    const ownBefore = process.cpuUsage();
    const started = performance.now();
    let ffmpegSeconds = 0;
    for (let index = 0; index < seconds * 10; index++) {
      const wait = started + index * 100 - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      writer.write(frameAt(index));
      ffmpegSeconds = Math.max(ffmpegSeconds, ffmpegCpuSeconds());
    }
    const wallSeconds = (performance.now() - started) / 1000;
    const own = process.cpuUsage(ownBefore);
    await writer.close();
    return {
      ffmpegPercent: (ffmpegSeconds / wallSeconds) * 100,
      // Includes reading /proc for the figure above, so it is an upper bound.
      ownPercent: ((own.user + own.system) / 1e6 / wallSeconds) * 100,
    };
  } finally {
    directory.remove();
  }
}

async function killTrial(killAfterMs: number): Promise<{ fedMs: number; keptMs: number }> {
  const directory = temporaryDirectory('bench-audio-kill');
  try {
    const fedMs = await killAudioWriterAfter(directory.path, 'killed', speech, killAfterMs);
    await repairUnfinishedAudio(directory.path);
    const [part] = listAudioParts(directory.path, 'killed');
    const keptMs =
      part === undefined ? 0 : ((await probeMedia(part.path, new AbortController().signal)).durationMs ?? 0);
    return { fedMs, keptMs };
  } finally {
    directory.remove();
  }
}

async function main(): Promise<void> {
  const machine = describeMachine();
  console.log(`Machine: ${machine.cpuModel}, ${machine.cores} cores, Node ${machine.nodeVersion}`);

  log('Encoding an hour of speech…');
  const size = await bytesPerHour();
  const perHour = (size.bytes / size.durationMs) * 3_600_000;
  console.log(
    `Size: ${(size.bytes / 1e6).toFixed(2)} MB for ${(size.durationMs / 60_000).toFixed(1)} min of speech → ${(perHour / 1e6).toFixed(1)} MB per hour (Opus 24 kbit/s in Ogg)`,
  );

  log('One minute at real time…');
  const cpu = await realTimeCpu(60);
  console.log(
    `CPU at real time: ffmpeg ${cpu.ffmpegPercent.toFixed(2)} % of one core, this process ${cpu.ownPercent.toFixed(2)} % (feeding, writing and measuring)`,
  );

  const random = seededRandom(19);
  const gaps: number[] = [];
  for (let trial = 1; trial <= 10; trial++) {
    const killAfterMs = 300 + Math.round(random() * 117) * 100;
    const { fedMs, keptMs } = await killTrial(killAfterMs);
    const gapMs = Math.max(0, fedMs - keptMs);
    gaps.push(gapMs);
    console.log(
      `Kill ${trial}: after ${fedMs} ms fed, ${Math.round(keptMs)} ms kept → ${Math.round(gapMs)} ms lost`,
    );
  }
  console.log(`Largest loss over 10 kills: ${Math.round(Math.max(...gaps))} ms`);
}

await main();
