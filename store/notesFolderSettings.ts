import { z } from 'zod';

/**
 * Where session notes are written (a folder, such as an Obsidian vault) and whether they are written
 * on their own as sessions complete: one settings value (`notesFolder`), a JSON string. Nothing in
 * it is secret; the folder is an absolute path the owner chose.
 */
export interface NotesFolderSettings {
  /** Absolute path of the folder, or null before one is chosen. */
  folder: string | null;
  /** Notes are written when a session completes and when its AI artefacts are ready. */
  enabled: boolean;
}

/** The id of the store's settings value that holds it. */
export const notesFolderValueId = 'notesFolder';

const storedSchema = z.object({ folder: z.string().min(1).nullable(), enabled: z.boolean() });

const unset: NotesFolderSettings = { folder: null, enabled: false };

/** The stored value read back; missing or damaged counts as no folder, so nothing is written. */
export function readNotesFolderSettings(value: unknown): NotesFolderSettings {
  if (typeof value !== 'string') return unset;
  try {
    const parsed = storedSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : unset;
  } catch {
    return unset;
  }
}

/** The settings as the store keeps them. */
export function storedNotesFolderSettings(settings: NotesFolderSettings): string {
  return JSON.stringify(settings);
}
