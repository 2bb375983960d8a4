import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mediaToolCommand } from '../../actors/fileJob/mediaTools.ts';
import { pcmWav } from '../fakes/wavAudio.ts';
import { fixture } from '../support/fixtures.ts';

/** 16 kHz mono PCM16: what capture sends and what the recogniser hears. */
const sampleRate = 16_000;

/**
 * A talk of about four minutes, written for the benchmark: everyday words a general English
 * language model knows, in paragraphs with the pauses between sentences a speaker makes.
 */
export const longTalkText = readFileSync(new URL('./longTalk.txt', import.meta.url), 'utf8');

/** The rate at which `longTalkText` lasts about four minutes. */
export const longTalkWordsPerMinute = 155;

/**
 * `text` spoken by espeak-ng's US English voice at `wordsPerMinute`, as a 16 kHz mono PCM16 WAV
 * (espeak-ng speaks at 22 050 Hz; ffmpeg resamples). Synthesised speech is the same on every run
 * and machine with the same espeak-ng, so nothing recorded needs to be committed.
 */
export async function synthesizedSpeech(text: string, { wordsPerMinute = 160 } = {}): Promise<Buffer> {
  const speech = await output('espeak-ng', ['-v', 'en-us', '-s', String(wordsPerMinute), '--stdout'], text);
  const pcm = await output(
    mediaToolCommand('ffmpeg'),
    ['-v', 'error', '-i', 'pipe:0', '-ar', String(sampleRate), '-ac', '1', '-f', 's16le', 'pipe:1'],
    speech,
  );
  return pcmWav(pcm, sampleRate);
}

/** The samples of a 16 kHz mono PCM16 WAV, without its header. */
export function wavPcm(wav: Buffer): Buffer {
  if (wav.toString('ascii', 0, 4) !== 'RIFF' || wav.toString('ascii', 8, 12) !== 'WAVE')
    throw new Error('not a WAV file');
  let offset = 12;
  while (offset + 8 <= wav.length) {
    const id = wav.toString('ascii', offset, offset + 4);
    const size = wav.readUInt32LE(offset + 4);
    if (id === 'fmt ') {
      const channels = wav.readUInt16LE(offset + 10);
      const rate = wav.readUInt32LE(offset + 12);
      const bits = wav.readUInt16LE(offset + 22);
      if (channels !== 1 || rate !== sampleRate || bits !== 16)
        throw new Error(`expected 16 kHz mono PCM16, got ${rate} Hz, ${channels} channel(s), ${bits}-bit`);
    }
    if (id === 'data') return wav.subarray(offset + 8, offset + 8 + size);
    offset += 8 + size + (size % 2);
  }
  throw new Error('the WAV file has no data chunk');
}

/**
 * The fixtures as 16 kHz PCM: `jfk` (11 s of President Kennedy) and `paragraph` (57 s of
 * espeak-ng reading test/fixtures/audio/paragraph.txt).
 */
export function fixtureSpeech(name: 'jfk' | 'paragraph'): Buffer {
  return wavPcm(readFileSync(fixture(name === 'jfk' ? 'audio/jfk.wav' : 'audio/long-16k.wav')));
}

function output(command: string, args: readonly string[], input: string | Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error) =>
      reject(
        new Error(
          `${command} could not run (${error.message})` +
            (command === 'espeak-ng' ? ': sudo apt-get install -y espeak-ng' : ''),
        ),
      ),
    );
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(chunks));
      else reject(new Error(`${command} exited with ${code}: ${stderr.trim()}`));
    });
    // A tool that fails early closes its input; its exit code and message tell why.
    child.stdin.on('error', () => {});
    child.stdin.end(input);
  });
}
