import { NoteWithoutMarkerError } from './noteFile.ts';

/** Where the owner changes the notes folder, named at the end of each problem. */
const whereToChange = 'Settings → Integrations, or with `earshot notes folder PATH`';

/**
 * What went wrong writing a note into `folder`, said so that the owner knows what to do: the folder
 * is gone, may not be written, or its disk is full; a note lost its marker line; or, for anything
 * else, the system's own words.
 */
export function notesFolderProblem(folder: string, error: unknown): string {
  if (error instanceof NoteWithoutMarkerError) {
    return (
      `The note ${error.file} in ${folder} no longer has Earshot's marker line, so Earshot cannot tell your ` +
      'notes from its own and left the file as it is. Put the marker line back above your notes, or delete ' +
      'the file to have it written afresh.'
    );
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT':
      return `The notes folder ${folder} is not there. Create it (or connect its drive), or choose another folder in ${whereToChange}.`;
    case 'ENOTDIR':
      return `The notes folder ${folder} is not a folder. Choose a folder in ${whereToChange}.`;
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return `Earshot may not write in the notes folder ${folder}. Give your user write access to it, or choose another folder in ${whereToChange}.`;
    case 'ENOSPC':
    case 'EDQUOT':
      return `The disk of the notes folder ${folder} is full. Free some space, then write the notes again (Settings → Integrations, or with \`earshot notes write --all\`).`;
    default:
      return `Earshot could not write a note in ${folder}: ${error instanceof Error ? error.message : String(error)}.`;
  }
}
