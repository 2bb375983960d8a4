/** One step of aligning the committed transcript (hypothesis) with what was said (reference). */
export type AlignmentStep =
  | { kind: 'match' | 'substitution'; reference: number; hypothesis: number }
  | { kind: 'deletion'; reference: number }
  | { kind: 'insertion'; hypothesis: number };

const diagonal = 0;
const up = 1;
const left = 2;

/**
 * The cheapest word alignment (Levenshtein, every edit costs one), for WER and to pair each
 * spoken word with the committed word that transcribes it. Quadratic, with one byte of memory
 * per cell for the way back: about 20 MB for 30 minutes of speech.
 */
export function alignWords(reference: readonly string[], hypothesis: readonly string[]): AlignmentStep[] {
  const columns = hypothesis.length + 1;
  const from = new Uint8Array((reference.length + 1) * columns);
  let previous = new Uint32Array(columns).map((_value, j) => j);
  for (let j = 1; j < columns; j++) from[j] = left;
  for (let i = 1; i <= reference.length; i++) {
    const row = new Uint32Array(columns);
    row[0] = i;
    from[i * columns] = up;
    for (let j = 1; j < columns; j++) {
      const substitution = (previous[j - 1] ?? 0) + (reference[i - 1] === hypothesis[j - 1] ? 0 : 1);
      const deletion = (previous[j] ?? 0) + 1;
      const insertion = (row[j - 1] ?? 0) + 1;
      const best = Math.min(substitution, deletion, insertion);
      row[j] = best;
      from[i * columns + j] = best === substitution ? diagonal : best === deletion ? up : left;
    }
    previous = row;
  }
  const steps: AlignmentStep[] = [];
  let i = reference.length;
  let j = hypothesis.length;
  while (i > 0 || j > 0) {
    const way = from[i * columns + j];
    if (way === diagonal) {
      i--;
      j--;
      steps.push({
        kind: reference[i] === hypothesis[j] ? 'match' : 'substitution',
        reference: i,
        hypothesis: j,
      });
    } else if (way === up) steps.push({ kind: 'deletion', reference: --i });
    else steps.push({ kind: 'insertion', hypothesis: --j });
  }
  return steps.reverse();
}
