import { VoiceActivity } from './voiceActivity.ts';

/**
 * The voice activity of a whole window's PCM16 audio, judged afresh each pass: the noise floor
 * settles within a block, and a 45 s window takes a few milliseconds, so no detector state has
 * to follow the window through its trims. `windowStartMs` puts the answers in session time.
 */
export function windowSpeech(pcm: Buffer, windowStartMs = 0): VoiceActivity {
  const detector = new VoiceActivity(windowStartMs);
  detector.push(pcm);
  return detector;
}

/** The gate before a pass: a window without speech is not sent (no cost, no "Thank you." on silence). */
export function hasSpeech(pcm: Buffer): boolean {
  return windowSpeech(pcm).lastSpeechEndMs !== undefined;
}
