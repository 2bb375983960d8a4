/**
 * `npm run bench:playback`: opening and seeking a 3-hour session's audio on the session page.
 * 1. Three hours of speech (test/fixtures/audio/long-16k.wav, 57.5 s, encoded as the service keeps
 *    it, Opus 24 kbit/s, and looped): in Ogg (a CLI session's part), and the same packets in a WebM
 *    written to a pipe (an app session's part, as MediaRecorder leaves it: no Cues, no duration).
 * 2. For each, a session with a line every 30 s and that part in its audio folder; the session
 *    page opened in Chromium (signed in, the built UI): the time from the audio element's
 *    `loadstart` to `canplay`, then a seek to 2:30:00 until `seeked`, and the bytes of audio the
 *    browser fetched for each (Chrome DevTools Protocol); then the page opened again. The WebM's
 *    first open includes the service copying it into Ogg (`-c copy`), which later opens reuse. For
 *    comparison, the WebM served as it is (as a part still being recorded is), as all were before.
 * Prints figures with the machine and asserts nothing; see bench/README.md.
 */
import { execFile } from 'node:child_process';
import { chromium } from 'playwright-core';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { statSync } from 'node:fs';
import { mediaToolCommand } from '../actors/fileJob/mediaTools.ts';
import { opusSpeechArguments } from '../actors/sessionAudio/sessionAudioWriter.ts';
import { startService } from '../main/service.ts';
import {
  type AudioContainer,
  audioPartPath,
  createSessionAudioDirectory,
} from '../store/audio/sessionAudioFiles.ts';
import { chromiumPath } from '../test/e2e/support/browser.ts';
import { loginUrlOn } from '../test/e2e/support/earshotInBrowser.ts';
import { fixture } from '../test/support/fixtures.ts';
import { temporaryDirectory } from '../test/support/temporaryDirectory.ts';
import { describeMachine, machineSummary } from './support/machine.ts';
import { megabytes } from './support/units.ts';

const kilobytes = (bytes: number) => `${Math.round(bytes / 1000).toLocaleString('en-US')} kB`;

const run = promisify(execFile);
const log = (line: string) => console.error(line);
const sessionMs = 3 * 3_600_000;
const seekToMs = 2.5 * 3_600_000;
const lineEveryMs = 30_000;

async function ffmpeg(args: string[]): Promise<void> {
  await run(mediaToolCommand('ffmpeg'), ['-hide_banner', '-loglevel', 'error', '-y', ...args], {
    maxBuffer: 1 << 20,
  });
}

/**
 * The 3-hour Ogg: the speech encoded once, then its packets looped (`-c copy`), in seconds rather
 * than the quarter of an hour encoding three hours takes; and the WebM with the same packets, piped
 * like a recorder's.
 */
async function threeHoursOfSpeech(folder: string): Promise<Record<AudioContainer, string>> {
  const sample = join(folder, 'sample.ogg');
  const ogg = join(folder, 'speech.ogg');
  const webm = join(folder, 'speech.webm');
  await ffmpeg(['-i', fixture('audio/long-16k.wav'), ...opusSpeechArguments, '-f', 'ogg', sample]);
  await ffmpeg([
    '-stream_loop',
    '-1',
    '-i',
    sample,
    '-t',
    String(sessionMs / 1000),
    '-c',
    'copy',
    '-f',
    'ogg',
    ogg,
  ]);
  await run('sh', [
    '-c',
    '"$0" -hide_banner -loglevel error -y -i "$1" -c copy -f webm pipe:1 > "$2"',
    mediaToolCommand('ffmpeg'),
    ogg,
    webm,
  ]);
  return { ogg, webm };
}

interface Figures {
  openMs: number;
  openBytes: number;
  seekMs: number;
  seekBytes: number;
  /** Opening the page again, once the service has any copy it makes. */
  reopenMs: number;
  fileBytes: number;
}

/** One kind of session audio to open; `unfinished` leaves the part named as being recorded. */
interface Case {
  label: string;
  container: AudioContainer;
  unfinished: boolean;
}

const cases: Case[] = [
  { label: 'Ogg part (CLI session)', container: 'ogg', unfinished: false },
  { label: 'WebM part (app session), served as its Ogg copy', container: 'webm', unfinished: false },
  // A single part still being written is served as it is: what every WebM part was before the copy.
  { label: 'WebM part served as it is (no Cues)', container: 'webm', unfinished: true },
];

type MediaTimes = Record<string, number>;
const mediaTimesOf = () => (globalThis as unknown as { mediaTimes: MediaTimes }).mediaTimes;

async function measure({ container, unfinished }: Case, source: string): Promise<Figures> {
  const directory = temporaryDirectory('bench-playback');
  const service = await startService({ dataDirectory: directory.path, port: 0 });
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const { store } = service;
    const { id } = store.createSession({ title: `Three hours (${container})`, providerId: 'deepgram' });
    for (let startMs = 0; startMs < sessionMs; startMs += lineEveryMs) {
      store.appendSegment(id, {
        text: `The line said at ${startMs / 1000} seconds.`,
        startMs,
        endMs: startMs + 25_000,
      });
    }
    store.setSessionStatus(id, 'completed');
    createSessionAudioDirectory(directory.path, id);
    await run('cp', [source, audioPartPath(directory.path, id, 1, container, unfinished)]);

    const page = await (await browser.newContext()).newPage();
    const url = `http://localhost:${service.port}/`;
    await page.goto(loginUrlOn(url, service));
    await page.getByTestId('connection').getByText('Connected').waitFor();
    // Media events do not bubble: listened for in the capture phase, before the page makes the element.
    await page.addInitScript(() => {
      const times: Record<string, number> = {};
      (globalThis as unknown as { mediaTimes: MediaTimes }).mediaTimes = times;
      for (const name of ['loadstart', 'canplay', 'seeking', 'seeked']) {
        (globalThis as unknown as EventTarget).addEventListener(
          name,
          () => (times[name] ??= performance.now()),
          true,
        );
      }
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const audioRequests = new Set<string>();
    let audioBytes = 0;
    cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
      if (request.url.includes('/audio?')) audioRequests.add(requestId);
    });
    cdp.on('Network.dataReceived', ({ requestId, dataLength }) => {
      if (audioRequests.has(requestId)) audioBytes += dataLength;
    });
    const reached = async (event: string) => {
      // Serialized into the page: it names the global itself.
      await page.waitForFunction(
        (name) => (globalThis as unknown as { mediaTimes: MediaTimes }).mediaTimes[name] !== undefined,
        event,
        { timeout: 300_000 },
      );
      return page.evaluate(mediaTimesOf);
    };

    await page.goto(`${url}#/sessions/${id}`);
    await page.reload();
    const opened = await reached('canplay');
    const openBytes = audioBytes;
    await page.getByTestId('session-audio').evaluate((element, seconds) => {
      (element as unknown as { currentTime: number }).currentTime = seconds;
    }, seekToMs / 1000);
    const sought = await reached('seeked');
    const seekBytes = audioBytes - openBytes;
    await page.reload();
    const reopened = await reached('canplay');
    return {
      openMs: (opened.canplay ?? 0) - (opened.loadstart ?? 0),
      openBytes,
      seekMs: (sought.seeked ?? 0) - (sought.seeking ?? 0),
      seekBytes,
      reopenMs: (reopened.canplay ?? 0) - (reopened.loadstart ?? 0),
      fileBytes: statSync(source).size,
    };
  } finally {
    await browser.close();
    await service.close();
    directory.remove();
  }
}

const machine = describeMachine();
console.log(`Machine: ${machineSummary(machine)}`);
const folder = temporaryDirectory('bench-playback-speech');
try {
  log('Encoding three hours of speech…');
  const sources = await threeHoursOfSpeech(folder.path);
  for (const opened of cases) {
    log(`Opening: ${opened.label}…`);
    const figures = await measure(opened, sources[opened.container]);
    console.log(
      `${opened.label}, ${megabytes(figures.fileBytes)}: ` +
        `open to canplay ${Math.round(figures.openMs)} ms fetching ${kilobytes(figures.openBytes)}; ` +
        `seek to 2:30:00 ${Math.round(figures.seekMs)} ms fetching ${kilobytes(figures.seekBytes)}; ` +
        `open again ${Math.round(figures.reopenMs)} ms`,
    );
  }
} finally {
  folder.remove();
}
