/** The steps `earshot transcribe` names on its progress lines, in the job's order. */
const steps = [
  'decoding',
  'creating the session',
  'uploading',
  'transcribing',
  'saving',
  'finishing',
  'done',
] as const;
type Step = (typeof steps)[number];

/** Where a job's wall time went, from the start of the process to its exit. */
export interface JobPhases {
  /** Spawn to the first progress line: Node's start, opening the store, creating the job. */
  startMs: number;
  /** ffprobe, then ffmpeg decoding into WAV chunks on disk. */
  decodeMs: number;
  sessionMs: number;
  /** Per chunk: the silence check and the upload; for P14's first chunk also the runtime's start. */
  uploadMs: number[];
  /** Per chunk: from the last byte sent to the provider's answer (P14: whisper's inference). */
  answerMs: number[];
  savingMs: number;
  finishingMs: number;
  /** From "done" to the exit: printing the transcript, stopping the runtime, closing the store. */
  exitMs: number;
  chunkCount: number;
}

interface Marker {
  step: Step;
  chunk: number;
  at: number;
}

const progressLine = new RegExp(`: (${steps.join('|')})(?: chunk (\\d+)/(\\d+))? \\d+%$`);

/**
 * Turns the progress lines `earshot transcribe` writes to a pipe (a line whenever the step
 * changes), each stamped when it arrived, into phases: the time between one step's first line and
 * the next step's belongs to the first step.
 */
export function jobPhases(
  lines: ReadonlyArray<{ text: string; at: number }>,
  spawnedAt: number,
  exitedAt: number,
): JobPhases {
  const markers: Marker[] = [];
  let chunkCount = 1;
  for (const { text, at } of lines) {
    const match = progressLine.exec(text);
    if (match === null) continue;
    const step = match[1] as Step;
    const chunk = match[2] === undefined ? 1 : Number(match[2]);
    if (match[3] !== undefined) chunkCount = Math.max(chunkCount, Number(match[3]));
    const last = markers.at(-1);
    if (last?.step !== step || last.chunk !== chunk) markers.push({ step, chunk, at });
  }
  const first = markers[0];
  if (first === undefined || markers.at(-1)?.step !== 'done') {
    throw new Error('earshot transcribe printed no complete run of progress lines.');
  }
  const phases: JobPhases = {
    startMs: first.at - spawnedAt,
    decodeMs: 0,
    sessionMs: 0,
    uploadMs: Array<number>(chunkCount).fill(0),
    answerMs: Array<number>(chunkCount).fill(0),
    savingMs: 0,
    finishingMs: 0,
    exitMs: 0,
    chunkCount,
  };
  markers.forEach((marker, index) => {
    const elapsed = (markers[index + 1]?.at ?? exitedAt) - marker.at;
    const chunk = marker.chunk - 1;
    switch (marker.step) {
      case 'decoding':
        phases.decodeMs += elapsed;
        break;
      case 'creating the session':
        phases.sessionMs += elapsed;
        break;
      case 'uploading':
        phases.uploadMs[chunk] = (phases.uploadMs[chunk] ?? 0) + elapsed;
        break;
      case 'transcribing':
        phases.answerMs[chunk] = (phases.answerMs[chunk] ?? 0) + elapsed;
        break;
      case 'saving':
        phases.savingMs += elapsed;
        break;
      case 'finishing':
        phases.finishingMs += elapsed;
        break;
      case 'done':
        phases.exitMs += elapsed;
        break;
    }
  });
  return phases;
}
