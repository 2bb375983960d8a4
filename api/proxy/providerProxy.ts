import type { WebSocket } from 'ws';
import { checkProviderConfig } from '../../providers/configuration/configCheck.ts';
import type { LiveEvent, ProviderDefinition, ProviderId } from '../../providers/contract.ts';
import { liveErrorCodes } from '../../providers/live/liveErrors.ts';
import { providerDefinitions } from '../../providers/registry.ts';
import type { ActorInspection } from '../../actors/inspection/actorInspection.ts';
import type { WebSocketEndpoint } from '../websocketRouter.ts';
import { runProxiedConnection } from '../../actors/proxy/proxiedConnection.ts';

export interface ProviderProxyOptions {
  /** The provider's stored config (credentials included), read afresh for every connection. */
  readConfig(providerId: ProviderId): Record<string, unknown>;
  /** The custom vocabulary of the session a connection streams (`?session=`), read as it opens. */
  vocabularyOf?(sessionId: string): readonly string[];
  /** Default: every registered provider whose transport is the proxy (P02–P08). */
  definitions?: readonly ProviderDefinition<unknown>[];
  /** Default 10 s. */
  drainTimeoutMs?: number;
  upstreamConnectTimeoutMs?: number;
  /** Where the actors' machines are watched from (the visualizer); none in most tests. */
  inspection?: ActorInspection;
}

export const proxyPathPrefix = '/ws/';
const defaultDrainTimeoutMs = 10_000;
const languageCode = /^[a-z]{2}$/;

/**
 * The local provider proxy: `/ws/<provider id>` for each provider that needs one. Clients connect
 * without credentials; the proxy reads the provider's config from the secrets file, opens the
 * vendor connection with them, and relays audio and normalised events.
 */
export class ProviderProxy implements WebSocketEndpoint {
  private readonly options: ProviderProxyOptions;
  private readonly byPath: Map<string, ProviderDefinition<unknown>>;
  private connectionsOpened = 0;
  private readonly open = new Set<WebSocket>();

  constructor(options: ProviderProxyOptions) {
    this.options = options;
    const definitions = (options.definitions ?? providerDefinitions).filter(
      (definition) => definition.metadata.transport === 'websocket-proxy' && definition.live !== undefined,
    );
    this.byPath = new Map(definitions.map((definition) => [proxyPath(definition.metadata.id), definition]));
  }

  /** This proxy for a path it serves, else undefined. */
  endpointFor(pathname: string): WebSocketEndpoint | undefined {
    return this.byPath.has(pathname) ? this : undefined;
  }

  get connectionCount(): number {
    return this.open.size;
  }

  connected(client: WebSocket, _request: unknown, url: URL): void {
    const definition = this.byPath.get(url.pathname);
    if (definition === undefined) {
      client.close(4400, 'unknown provider');
      return;
    }
    let raw: Record<string, unknown>;
    try {
      raw = this.options.readConfig(definition.metadata.id);
    } catch (error) {
      refuse(client, 'not_configured', error instanceof Error ? error.message : String(error));
      return;
    }
    const checked = checkProviderConfig(definition, raw);
    if (!checked.ok) {
      refuse(client, 'not_configured', checked.message);
      return;
    }
    const hints = languageHintsOf(url, checked.config);
    if (typeof hints === 'string') {
      refuse(client, 'bad_request', hints);
      return;
    }
    this.open.add(client);
    runProxiedConnection({
      client,
      definition,
      config: checked.config,
      languageHints: hints,
      vocabulary: this.vocabularyOf(url),
      drainTimeoutMs: this.options.drainTimeoutMs ?? defaultDrainTimeoutMs,
      upstreamConnectTimeoutMs: this.options.upstreamConnectTimeoutMs,
      onClosed: () => this.open.delete(client),
      inspect: this.options.inspection?.observe({
        machine: 'proxyConnection',
        id: String(++this.connectionsOpened),
        label: `${definition.metadata.name} proxy connection`,
      }),
    });
  }

  private vocabularyOf(url: URL): readonly string[] {
    const sessionId = url.searchParams.get('session');
    return sessionId === null ? [] : (this.options.vocabularyOf?.(sessionId) ?? []);
  }

  /** Drops every proxied connection (the vendor sockets with them), for shutdown. */
  close(): void {
    for (const client of this.open) client.terminate();
  }
}

export function proxyPath(providerId: ProviderId): string {
  return `${proxyPathPrefix}${providerId}`;
}

/**
 * The session's languages: `?languages=en,fr` from the client (the user's choice for this
 * session), else the provider's configured hints.
 */
function languageHintsOf(url: URL, config: unknown): readonly string[] | string {
  const asked = url.searchParams.get('languages');
  if (asked === null) {
    const configured = (config as { languageHints?: unknown }).languageHints;
    return Array.isArray(configured) ? (configured as string[]) : [];
  }
  const codes = asked
    .split(',')
    .map((code) => code.trim().toLowerCase())
    .filter((code) => code !== '');
  const wrong = codes.find((code) => !languageCode.test(code));
  return wrong === undefined
    ? codes
    : `"${wrong}" is not a two-letter ISO 639-1 language code; use codes such as en or zh.`;
}

function refuse(client: WebSocket, code: 'not_configured' | 'bad_request', message: string): void {
  const event: LiveEvent = { type: 'error', code, permanent: true, message };
  client.send(JSON.stringify(event));
  client.close(liveErrorCodes[code].closeCode, code);
}
