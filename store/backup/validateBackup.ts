/**
 * Checks a parsed backup document completely before anything is written, so a rejected file
 * changes nothing. The format name and version are checked first and alone: a file from another
 * program or a newer format would otherwise drown the real reason in a list of field errors.
 */

import { BackupFormatError } from './backupFormatError.ts';
import { backupFormatName, readableBackupVersions } from './backupFormat.ts';
import type { KnownIds } from './backupReferences.ts';
import { createBackupSchema, type BackupDocument } from './backupSchema.ts';
import { describeIssue, describeValue, expected, formatIssue } from './issueText.ts';

export type BackupValidationOptions = KnownIds;

function describeReadableVersions(): string {
  const versions = readableBackupVersions.join(', ');
  return readableBackupVersions.length === 1 ? `version ${versions}` : `versions ${versions}`;
}

/** The reason the document is not a readable Earshot backup at all, if it is not. */
function findEnvelopeIssue(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return `(document): ${expected('an object', value)}`;
  }
  const { format, version } = value as Record<string, unknown>;
  if (format !== backupFormatName) {
    return `format: ${expected(JSON.stringify(backupFormatName), format)}; this is not an Earshot backup`;
  }
  if (typeof version !== 'number' || !readableBackupVersions.includes(version)) {
    return `version: this build reads backup ${describeReadableVersions()} only, got ${describeValue(version)}`;
  }
  return undefined;
}

/** The validated document; throws BackupFormatError naming every bad field by its path. */
export function validateBackup(value: unknown, options: BackupValidationOptions = {}): BackupDocument {
  const envelopeIssue = findEnvelopeIssue(value);
  if (envelopeIssue !== undefined) throw new BackupFormatError([envelopeIssue]);
  const result = createBackupSchema(options).safeParse(value, { error: describeIssue });
  if (!result.success) throw new BackupFormatError(result.error.issues.map(formatIssue));
  return result.data;
}
