/** The identity of the backup format, checked before anything else in a file. */

export const backupFormatName = 'earshot-backup';

/** The version this build writes. */
export const backupFormatVersion = 1;

/** Every version this build can read; a file with any other version is refused. */
export const readableBackupVersions: readonly number[] = [1];
