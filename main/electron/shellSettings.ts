import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { writePrivateFile } from '../../store/privateFile.ts';

const boundsSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});

const shellSettingsSchema = z.object({ captionBounds: boundsSchema.optional() });

/** What the desktop shell remembers of its own windows between launches (not the service's settings). */
export type ShellSettings = z.infer<typeof shellSettingsSchema>;

/** The settings in `file`; none when it is missing or unreadable, so a damaged file costs only a window's place. */
export function readShellSettings(file: string): ShellSettings {
  if (!existsSync(file)) return {};
  try {
    const parsed = shellSettingsSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** Replaces `file` whole (atomically), so a crash mid-write keeps the previous settings. */
export function writeShellSettings(file: string, settings: ShellSettings): void {
  writePrivateFile(file, `${JSON.stringify(settings, null, 2)}\n`);
}
