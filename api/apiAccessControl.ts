import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ApiAccess } from './dependencies.ts';
import type { SessionStore } from '../store/sessionStore.ts';
import { readSecrets, writeSecrets } from '../store/secretsFile.ts';

const enabledSetting = 'apiEnabled';

export interface ApiAccessState {
  enabled: boolean;
  hasToken: boolean;
}

/**
 * The Open API switch (a non-secret setting in the store) and its token (only a hash, in the
 * secrets file). Tokens are 256 random bits, shown once when created.
 */
export class ApiAccessControl implements ApiAccess {
  private tokenHash: Buffer | undefined;
  private readonly store: SessionStore;
  private readonly dataDirectory: string;

  constructor(store: SessionStore, dataDirectory: string) {
    this.store = store;
    this.dataDirectory = dataDirectory;
    const stored = readSecrets(dataDirectory).apiTokenHash;
    this.tokenHash = stored === undefined ? undefined : Buffer.from(stored, 'hex');
  }

  isEnabled(): boolean {
    return this.store.getSetting(enabledSetting) === true;
  }

  verifyToken(presented: string): boolean {
    if (this.tokenHash === undefined) return false;
    // Hashing first gives equal lengths, so the comparison time says nothing about the token.
    return timingSafeEqual(sha256(presented), this.tokenHash);
  }

  state(): ApiAccessState {
    return { enabled: this.isEnabled(), hasToken: this.tokenHash !== undefined };
  }

  /** Switches the API on; returns the new token when none existed (the only time it is shown). */
  enable(): { token?: string } {
    const token = this.tokenHash === undefined ? this.rotateToken() : undefined;
    this.store.setSetting(enabledSetting, true);
    return token === undefined ? {} : { token };
  }

  disable(): void {
    this.store.setSetting(enabledSetting, false);
  }

  /** Creates a new token, invalidating the old one at once. */
  rotateToken(): string {
    const token = `es_${randomBytes(32).toString('base64url')}`;
    const hash = sha256(token);
    writeSecrets(this.dataDirectory, {
      ...readSecrets(this.dataDirectory),
      apiTokenHash: hash.toString('hex'),
    });
    this.tokenHash = hash;
    return token;
  }
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}
