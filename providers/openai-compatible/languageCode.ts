/**
 * Whisper-family servers report the detected language by name ("English", "english") while
 * transcripts keep ISO codes; this turns either form into a code, or nothing when it is unknown.
 */

/** Whisper's own names (and common aliases) that differ from the English names in CLDR. */
const whisperNames: Readonly<Record<string, string>> = {
  burmese: 'my',
  myanmar: 'my',
  nynorsk: 'nn',
  castilian: 'es',
  valencian: 'ca',
  flemish: 'nl',
  haitian: 'ht',
  letzeburgesch: 'lb',
  pushto: 'ps',
  panjabi: 'pa',
  moldavian: 'ro',
  moldovan: 'ro',
  sinhalese: 'si',
  mandarin: 'zh',
  tagalog: 'tl',
  filipino: 'tl',
  cantonese: 'yue',
  hawaiian: 'haw',
};

let codesByEnglishName: Map<string, string> | undefined;

export function languageCode(nameOrCode: string): string | undefined {
  const key = simplify(nameOrCode);
  if (/^[a-z]{2}$/.test(key) && englishName(key) !== undefined) return key;
  const named = whisperNames[key] ?? englishNames().get(key);
  if (named !== undefined) return named;
  return /^[a-z]{3}$/.test(key) && englishName(key) !== undefined ? key : undefined;
}

function englishNames(): Map<string, string> {
  if (codesByEnglishName !== undefined) return codesByEnglishName;
  codesByEnglishName = new Map();
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  for (const first of letters) {
    for (const second of letters) {
      const code = first + second;
      const name = englishName(code);
      // Deprecated aliases (iw, in, ji, mo…) would shadow the codes people actually use.
      if (name !== undefined && Intl.getCanonicalLocales(code)[0] === code) {
        codesByEnglishName.set(simplify(name), code);
      }
    }
  }
  return codesByEnglishName;
}

const displayNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

function englishName(code: string): string | undefined {
  try {
    return displayNames.of(code);
  } catch {
    return undefined;
  }
}

/** Lower case without diacritics, so "Māori" and "maori" meet. */
function simplify(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();
}
