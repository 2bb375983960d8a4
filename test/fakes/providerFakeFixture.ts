import type { ProviderId } from '../../providers/contract.ts';
import type { FakeHttpServer } from './fakeHttpServer.ts';

/** A running fake of one vendor's file API. */
export interface ProviderFake extends FakeHttpServer {
  /** Remote things the client created and did not delete (uploads, jobs); 0 after a clean cancel. */
  remoteObjectCount(): number;
  /**
   * Async vendors: while held, jobs stay "processing" so a test can cancel mid-job. Synchronous
   * vendors ignore it.
   */
  holdJobs(hold: boolean): void;
}

/** How the shared conformance suite drives one provider against its fake. */
export interface ProviderFakeFixture {
  providerId: ProviderId;
  start(): Promise<ProviderFake>;
  /** Config input (before schema defaults) aimed at the fake, with credentials it accepts. */
  config(fake: ProviderFake): Record<string, unknown>;
  /** The same with a credential the fake refuses the way the vendor does (undefined: keyless vendor). */
  badCredentialConfig?(fake: ProviderFake): Record<string, unknown>;
  /** The secret values in `config`, which must never appear in an error message. */
  secrets(fake: ProviderFake): string[];
}
