import { defaultInstructions } from './artefactInstructions.ts';
import type { ArtefactInstructions, ArtefactName } from './artefactInstructions.ts';
import { topicInstructions } from './topicInstructions.ts';
import type { TopicTemplateName } from './topicInstructions.ts';

/** What the user chose about prompts for a generation. */
export interface PromptSettings {
  /** A kind of recording whose instructions replace the defaults. */
  topic?: TopicTemplateName;
  /** The user's own instructions for some artefacts, over the topic's and the defaults. */
  overrides?: Partial<ArtefactInstructions>;
  /** The language to write in ("German", "de"); the transcript's own when not chosen. */
  outputLanguage?: string;
}

export function instructionsFor(settings: PromptSettings): ArtefactInstructions {
  const chosen = {
    ...defaultInstructions,
    ...(settings.topic === undefined ? {} : topicInstructions[settings.topic]),
  };
  for (const [name, text] of Object.entries(settings.overrides ?? {}) as Array<[ArtefactName, string]>) {
    // An override left empty means "no override", not "no instructions".
    if (text.trim() !== '') chosen[name] = text;
  }
  return chosen;
}

/**
 * The sentence that says which language to write in: the user's choice, else the transcript's,
 * named when the segments carry it (the model is told to follow the transcript, not the language of
 * these English instructions).
 */
export function languageInstruction(
  settings: PromptSettings,
  transcriptLanguage: string | undefined,
): string {
  if (settings.outputLanguage !== undefined && settings.outputLanguage.trim() !== '') {
    return `Write in ${settings.outputLanguage.trim()}.`;
  }
  const named = transcriptLanguage === undefined ? '' : ` (${transcriptLanguage})`;
  return `Write in the language of the transcript${named}, whatever the language of these instructions.`;
}

/** The language most of the segments carry, if they carry one. */
export function transcriptLanguageOf(
  segments: ReadonlyArray<{ language?: string | null }>,
): string | undefined {
  const counts = new Map<string, number>();
  for (const { language } of segments) {
    if (language !== undefined && language !== null && language !== '') {
      counts.set(language, (counts.get(language) ?? 0) + 1);
    }
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}
