// Run as a child process by sessionAudio.test.ts: keeps a session's PCM16 capture (jfk.wav, looped)
// through the real audio writer, 100 ms of audio every 100 ms, printing the audio fed so far (ms),
// until it is killed.
import { readFileSync } from 'node:fs';
import { startSessionAudioWriter } from '../../actors/sessionAudio/sessionAudioWriter.ts';

const [dataDirectory, sessionId, speech] = process.argv.slice(2);
if (dataDirectory === undefined || sessionId === undefined || speech === undefined) {
  throw new Error('usage: DATA_DIR SESSION_ID SPEECH_WAV');
}
const pcm = readFileSync(speech).subarray(44);
const frameBytes = 3200;
const writer = startSessionAudioWriter({
  dataDirectory,
  sessionId,
  audioFormat: 'pcm16',
  startMs: 0,
  onProblem: (message) => process.stderr.write(`${message}\n`),
});
let offset = 0;
let fedMs = 0;
setInterval(() => {
  if (offset + frameBytes > pcm.length) offset = 0;
  writer.write(pcm.subarray(offset, offset + frameBytes));
  offset += frameBytes;
  fedMs += 100;
  process.stdout.write(`${fedMs}\n`);
}, 100);
