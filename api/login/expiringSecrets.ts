import { createSecret, matchesDigest, secretDigest } from './secretTokens.ts';

interface KeptSecret<Attachment> {
  digest: Buffer;
  expiresAt: number;
  attachment: Attachment;
}

export interface ExpiringSecretsOptions {
  lifetimeMs: number;
  /** At most this many are kept; issuing one more forgets the oldest, so memory stays bounded. */
  capacity: number;
  now?: () => number;
}

/**
 * Secrets handed out for a limited time and recognised by their hash alone: a leaked memory dump or
 * log of this object reveals none of them. They live in memory only, so a restart of the service
 * forgets every one. A presented secret is compared with every kept digest in constant time, without
 * stopping at a match, so the time taken does not tell which secret (if any) matched. Each may carry
 * an attachment, kept beside it for its lifetime (a browser session keeps its page key's digest).
 */
export class ExpiringSecrets<Attachment = void> {
  private readonly options: ExpiringSecretsOptions;
  private kept: Array<KeptSecret<Attachment>> = [];

  constructor(options: ExpiringSecretsOptions) {
    this.options = options;
  }

  /** A new secret, valid for the lifetime; only its digest is kept, with `attachment`. */
  issue(attachment: Attachment): string {
    this.forgetExpired();
    const secret = createSecret();
    this.kept.push({
      digest: secretDigest(secret),
      expiresAt: this.now() + this.options.lifetimeMs,
      attachment,
    });
    if (this.kept.length > this.options.capacity) this.kept.shift();
    return secret;
  }

  /** Whether `presented` is a secret issued here and not expired; it stays valid. */
  isValid(presented: string | undefined): boolean {
    return this.find(presented) !== undefined;
  }

  /** What `presented` was issued with, while it is valid; it stays valid. */
  attachmentOf(presented: string | undefined): Attachment | undefined {
    return this.find(presented)?.attachment;
  }

  /** Whether `presented` is a secret issued here and not expired; it is forgotten, so it works once. */
  consume(presented: string | undefined): boolean {
    const found = this.find(presented);
    if (found === undefined) return false;
    this.kept = this.kept.filter((entry) => entry !== found);
    return true;
  }

  private find(presented: string | undefined): KeptSecret<Attachment> | undefined {
    if (presented === undefined) return undefined;
    const now = this.now();
    let found: KeptSecret<Attachment> | undefined;
    for (const entry of this.kept) {
      if (matchesDigest(presented, entry.digest) && entry.expiresAt > now) found = entry;
    }
    return found;
  }

  private forgetExpired(): void {
    const now = this.now();
    this.kept = this.kept.filter((entry) => entry.expiresAt > now);
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }
}
