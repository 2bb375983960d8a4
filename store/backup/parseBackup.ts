/** Reads a backup file's text into what the store imports, or refuses it whole. */

import { BackupFormatError } from './backupFormatError.ts';
import { jsonSyntaxProblem } from './jsonSyntaxProblem.ts';
import { toImportData } from './toImportData.ts';
import type { ImportData } from './importData.ts';
import { validateBackup, type BackupValidationOptions } from './validateBackup.ts';

export interface ParseBackupOptions extends BackupValidationOptions {
  /** Becomes each record's `updatedAt`: importing is a change. Defaults to the current time. */
  now?: Date;
}

const byteOrderMark = 0xfeff;

function parseJson(text: string): unknown {
  // Some editors on Windows save a byte order mark, which JSON.parse refuses.
  const json = text.charCodeAt(0) === byteOrderMark ? text.slice(1) : text;
  try {
    return JSON.parse(json);
  } catch (error) {
    throw new BackupFormatError([`(document): ${jsonSyntaxProblem(error)}`]);
  }
}

/** Throws BackupFormatError for invalid JSON or an invalid document. */
export function parseBackup(text: string, options: ParseBackupOptions = {}): ImportData {
  const document = validateBackup(parseJson(text), options);
  return toImportData(document, (options.now ?? new Date()).getTime());
}
