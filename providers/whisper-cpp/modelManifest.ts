/** One downloadable ggml model, with what the file must be. */
export interface ModelEntry {
  /** What people type: `tiny.en`. */
  name: string;
  file: string;
  bytes: number;
  sha256: string;
}

/** whisper.cpp's official model host; `EARSHOT_MODEL_BASE_URL` replaces it (mirrors, tests). */
export const officialModelBaseUrl = 'https://huggingface.co/ggerganov/whisper.cpp/resolve/main';

/** Where models are downloaded from now: `EARSHOT_MODEL_BASE_URL` when set, else the official host. */
export function modelHostUrl(): string {
  return process.env.EARSHOT_MODEL_BASE_URL || officialModelBaseUrl;
}

/**
 * The official whisper.cpp ggml models Earshot offers, with their published sizes and sha256.
 * Small ones only: they run faster than real time on an ordinary CPU.
 */
export const officialModels: readonly ModelEntry[] = [
  {
    name: 'tiny.en',
    file: 'ggml-tiny.en.bin',
    bytes: 77_704_715,
    sha256: '921e4cf8686fdd993dcd081a5da5b6c365bfde1162e72b08d75ac75289920b1f',
  },
  {
    name: 'tiny-q5_1',
    file: 'ggml-tiny-q5_1.bin',
    bytes: 32_152_673,
    sha256: '818710568da3ca15689e31a743197b520007872ff9576237bda97bd1b469c3d7',
  },
  {
    name: 'tiny.en-q5_1',
    file: 'ggml-tiny.en-q5_1.bin',
    bytes: 32_166_155,
    sha256: 'c77c5766f1cef09b6b7d47f21b546cbddd4157886b3b5d6d4f709e91e66c7c2b',
  },
  {
    name: 'base-q5_1',
    file: 'ggml-base-q5_1.bin',
    bytes: 59_707_625,
    sha256: '422f1ae452ade6f30a004d7e5c6a43195e4433bc370bf23fac9cc591f01a8898',
  },
  {
    name: 'small-q5_1',
    file: 'ggml-small-q5_1.bin',
    bytes: 190_085_487,
    sha256: 'ae85e4a935d7a567bd102fe55afc16bb595bdb618e11b2fc7591bc08120411bb',
  },
];

/** A model by its name (`tiny.en`) or file name (`ggml-tiny.en.bin`, `ggml-tiny.en`). */
export function findModel(manifest: readonly ModelEntry[], wanted: string): ModelEntry | undefined {
  const name = wanted
    .trim()
    .replace(/^ggml-/, '')
    .replace(/\.bin$/, '');
  return manifest.find((model) => model.name === name);
}
