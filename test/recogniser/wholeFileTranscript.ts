/** A word the recogniser heard, with its times in the audio. */
export interface TimedWord {
  text: string;
  startMs: number;
  endMs: number;
}

/**
 * The recogniser's transcript of a whole recording in one request: what it hears when nothing is
 * cut into windows, the reference a live session's transcript is compared with.
 */
export async function wholeFileTranscript(baseUrl: string, wav: Buffer): Promise<TimedWord[]> {
  const form = new FormData();
  form.set('model', 'pocketsphinx');
  form.set('response_format', 'verbose_json');
  form.append('timestamp_granularities[]', 'word');
  form.set('file', new Blob([new Uint8Array(wav)], { type: 'audio/wav' }), 'audio.wav');
  const answer = await fetch(`${baseUrl}/v1/audio/transcriptions`, { method: 'POST', body: form });
  if (!answer.ok) throw new Error(`The recogniser answered ${answer.status}: ${await answer.text()}`);
  const { words } = (await answer.json()) as { words: Array<{ word: string; start: number; end: number }> };
  return words.map((word) => ({
    text: word.word,
    startMs: Math.round(word.start * 1000),
    endMs: Math.round(word.end * 1000),
  }));
}
