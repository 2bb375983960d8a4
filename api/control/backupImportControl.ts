import { readFile } from 'node:fs/promises';
import { Hono } from 'hono';
import { BackupFormatError } from '../../store/backup/backupFormatError.ts';
import { importBackup } from '../../store/backup/importBackup.ts';
import type { SessionStore } from '../../store/sessionStore.ts';
import { StoreError } from '../../store/storeError.ts';
import { errorResponse } from '../responses.ts';
import { receiveUpload } from './receiveUpload.ts';
import { newUploadPath, removeUpload } from '../../store/uploadedFiles.ts';

/**
 * The largest backup the service restores. Restoring holds the whole file as one string, which V8
 * caps at about 512 MiB of text, and several times its size in memory while it is checked.
 */
export const maxBackupBytes = 256 * 1024 ** 2;

const usage = 'Send the backup file itself as the body: POST /import?mode=merge|replace.';

/**
 * Restoring a backup on the control channel, relative to its base path:
 * - `POST /import?mode=merge|replace` with the backup file as the raw body → `{sessions, topics,
 *   tags}`, the counts imported; an invalid backup → 400 `invalid_backup` naming each bad field,
 *   and nothing changes.
 *
 * The service restores only what the caller sends. It opens no file by a path the caller names:
 * whoever may call this (one stolen browser session is enough) could otherwise have it read any
 * file its user can, and see the start of it quoted back in the error.
 */
export function createBackupImportControl(dependencies: {
  store: SessionStore;
  dataDirectory: string;
  maxBackupBytes?: number;
}): Hono {
  const { store, dataDirectory } = dependencies;
  const limit = {
    maxBytes: dependencies.maxBackupBytes ?? maxBackupBytes,
    tooLargeAdvice: 'Restore it with `earshot import FILE` while no service runs.',
  };
  const app = new Hono();
  app.post('/import', async (context) => {
    const mode = context.req.query('mode');
    if (mode !== 'merge' && mode !== 'replace') return errorResponse('invalid_request', usage);
    // Through a file of its own, as every upload: streamed, limited, and gone once read.
    const path = newUploadPath(dataDirectory, 'backup.json');
    const received = await receiveUpload(context.req.raw, path, limit);
    if (!received.ok) return received.response;
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } finally {
      removeUpload(path);
    }
    try {
      return context.json(importBackup(text, store, mode), 200, { 'Cache-Control': 'no-store' });
    } catch (error) {
      if (error instanceof BackupFormatError || error instanceof StoreError) {
        return errorResponse('invalid_backup', error.message);
      }
      throw error;
    }
  });
  return app;
}
