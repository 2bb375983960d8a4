import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sampleRate, bytesPerSample, wavHeader } from '../audio/wavFormat.ts';
import type {
  LiveClient,
  LiveErrorCode,
  LiveEvent,
  LiveStream,
  ProviderCheck,
  ProviderCheckOptions,
  ProviderDefinition,
} from '../contract.ts';
import { ProviderError, redactSecrets } from '../http/providerError.ts';
import { liveErrorCodes } from '../live/liveErrors.ts';
import { configuredAddress } from '../providerAddress.ts';
import { configurationProblems } from './fieldProblems.ts';

/** How long a streaming provider has to accept a live session. */
const liveTimeoutMs = 10_000;
/** How long the test clip's round trip may take, a runtime start (up to 20 s) included. */
const batchTimeoutMs = 30_000;
const testClipMs = 500;
/**
 * Some vendors take the key in the first message and refuse it after the socket opened (P01), so
 * a ready session counts only once this long has passed without an error.
 */
const confirmationWaitMs = 1_000;

/**
 * Checks a provider's stored configuration the cheapest way that proves it: the runtime's files
 * and the schema first (no network when either is incomplete), then one real round trip to the configured upstream. A
 * streaming provider (P01–P08) must accept a live session, which is closed at once without audio;
 * the others (P09–P14) must transcribe half a second of silence. Messages never carry a secret.
 */
export async function testConfig(
  definition: ProviderDefinition<unknown>,
  rawConfig: Record<string, unknown>,
  options: ProviderCheckOptions,
): Promise<ProviderCheck> {
  const { metadata } = definition;
  if (options.runtimeProblem !== undefined) return { ok: false, message: options.runtimeProblem };
  const problems = configurationProblems(definition, rawConfig);
  if (problems.length > 0) {
    return { ok: false, message: `${metadata.name} is not set up yet: ${problems.join('; ')}.` };
  }
  const config = definition.configSchema.parse(rawConfig);
  const secrets = metadata.secretFields
    .map((field) => rawConfig[field])
    .filter((value): value is string => typeof value === 'string');
  const check =
    definition.live === undefined
      ? await checkBatch(definition, config, options)
      : await checkLive(definition, definition.live, config);
  return { ok: check.ok, message: redactSecrets(check.message, secrets) };
}

async function checkLive(
  definition: ProviderDefinition<unknown>,
  live: LiveClient<unknown>,
  config: unknown,
): Promise<ProviderCheck> {
  const { metadata } = definition;
  const liveAddress = live.address?.(config);
  const address = liveAddress?.url ?? configuredAddress(definition, config) ?? metadata.defaultBaseUrl;
  const field = liveAddress?.field ?? addressField(definition);
  const outcome = await new Promise<LiveEvent | 'timeout'>((resolve) => {
    let stream: LiveStream | undefined;
    let settled: LiveEvent | 'timeout' | undefined;
    const settle = (result: LiveEvent | 'timeout') => {
      if (settled !== undefined) return;
      settled = result;
      clearTimeout(answerTimer);
      clearTimeout(confirmationTimer);
      stream?.close();
      resolve(result);
    };
    const answerTimer = setTimeout(() => settle('timeout'), liveTimeoutMs);
    let confirmationTimer: NodeJS.Timeout | undefined;
    try {
      stream = live.open({
        config,
        languageHints: configuredLanguageHints(config),
        audioFormat: 'pcm16',
        onEvent: (event) => {
          if (event.type === 'ready' && confirmationTimer === undefined) {
            clearTimeout(answerTimer);
            confirmationTimer = setTimeout(() => settle(event), confirmationWaitMs);
          } else if (event.type === 'error' || event.type === 'finished') {
            settle(event);
          }
        },
      });
    } catch (error) {
      settle({ type: 'error', code: 'bad_request', permanent: true, message: errorMessage(error) });
    }
    // The first event may have come before `open` returned.
    if (settled !== undefined) stream?.close();
  });
  if (outcome === 'timeout') {
    return {
      ok: false,
      message: `${metadata.name} did not answer within ${liveTimeoutMs / 1000} s at ${address}: check ${field} and the network.`,
    };
  }
  if (outcome.type === 'ready') {
    return {
      ok: true,
      message: `${metadata.name} accepted the settings and opened a live session at ${address}.`,
    };
  }
  if (outcome.type === 'error') {
    return {
      ok: false,
      message: failureAdvice(definition, liveStatus(outcome.code), { address, field }, outcome.message),
    };
  }
  return {
    ok: false,
    message: `${metadata.name} ended the session at ${address} before accepting it; check the settings and test again.`,
  };
}

async function checkBatch(
  definition: ProviderDefinition<unknown>,
  config: unknown,
  options: ProviderCheckOptions,
): Promise<ProviderCheck> {
  const { metadata } = definition;
  const deadline = AbortSignal.timeout(batchTimeoutMs);
  const directory = await mkdtemp(join(tmpdir(), 'earshot-provider-check-'));
  let address = configuredAddress(definition, config) ?? metadata.defaultBaseUrl;
  let release: (() => Promise<void>) | undefined;
  try {
    const wavPath = join(directory, 'silence.wav');
    const dataBytes = (sampleRate * bytesPerSample * testClipMs) / 1000;
    const wav = Buffer.concat([wavHeader(dataBytes), Buffer.alloc(dataBytes)]);
    await writeFile(wavPath, wav);
    const resolved = await options.resolveBaseUrl(definition, config, deadline);
    if (typeof resolved === 'string') {
      address = resolved;
    } else {
      address = resolved.baseUrl;
      release = () => resolved.release();
    }
    await definition.transcribeFile({
      wavPath,
      wavBytes: wav.length,
      durationMs: testClipMs,
      languageHints: configuredLanguageHints(config),
      config: withSilenceSent(config),
      baseUrl: address,
      signal: deadline,
      onProgress: () => {},
    });
    return {
      ok: true,
      message: `${metadata.name} transcribed a half-second test clip at ${address}: the settings work.`,
    };
  } catch (error) {
    if (deadline.aborted) {
      return {
        ok: false,
        message: `${metadata.name} did not answer within ${batchTimeoutMs / 1000} s at ${address}: check ${addressField(definition)} and the network.`,
      };
    }
    if (error instanceof ProviderError) {
      if (error.kind === 'configuration') return { ok: false, message: error.message };
      return {
        ok: false,
        message: failureAdvice(
          definition,
          error.status,
          { address, field: addressField(definition) },
          error.message,
          error.kind,
        ),
      };
    }
    return { ok: false, message: `${metadata.name} failed at ${address}: ${errorMessage(error)}` };
  } finally {
    await release?.().catch(() => undefined);
    await rm(directory, { recursive: true, force: true });
  }
}

/**
 * What went wrong, in terms of the setting to fix, followed by the vendor's own words. `address` is
 * where the request went and `field` the setting that names it.
 */
function failureAdvice(
  definition: ProviderDefinition<unknown>,
  status: number | undefined,
  { address, field }: { address: string; field: string },
  vendorMessage: string,
  kind?: ProviderError['kind'],
): string {
  const { name, secretFields } = definition.metadata;
  const credentials = secretFields.length === 0 ? "the server's access settings" : secretFields.join(' and ');
  const settings = Object.keys(configShape(definition)).filter((field) =>
    ['model', 'languageHints'].includes(field),
  );
  const advice = (() => {
    switch (status) {
      case 401:
        return `${name} refused the key (401): check ${credentials}.`;
      case 402:
        return `${name} refused the request for lack of credit (402): check the account's balance or plan.`;
      case 403:
        return `${name} refused access (403): check that ${credentials} may use this service${settings.includes('model') ? ' and model' : ''}.`;
      case 404:
        return `${name} answered "not found" (404) at ${address}: check ${field}${settings.includes('model') ? ' and model' : ''}.`;
      case 408:
        return `${name} did not answer in time (408) at ${address}: test again in a moment.`;
      case 429:
        return `${name} is limiting requests (429): wait a minute and test again.`;
      case undefined:
        return kind === 'retryable' || kind === undefined
          ? `Could not reach ${name} at ${address}: check ${field} and the network.`
          : `${name} failed at ${address}.`;
      default:
        if (status >= 500) return `${name} had a server error (${status}) at ${address}: test again later.`;
        return `${name} refused the request (${status})${settings.length > 0 ? `: check ${settings.join(' and ')}` : ''}.`;
    }
  })();
  return `${advice} ${vendorMessage}`;
}

/**
 * The HTTP status a live error stands for (the proxy's close codes are 4000 + the status); none
 * when no answer came at all, as for a lost or never-made connection.
 */
function liveStatus(code: LiveErrorCode): number | undefined {
  return code === 'connection_lost' || code === 'unreachable'
    ? undefined
    : liveErrorCodes[code].closeCode - 4000;
}

function configShape(definition: ProviderDefinition<unknown>): Record<string, unknown> {
  return (definition.configSchema as unknown as { shape?: Record<string, unknown> }).shape ?? {};
}

/** The setting that says where the provider is: `endpoint` for vendors, `baseUrl` for local servers. */
function addressField(definition: ProviderDefinition<unknown>): string {
  const shape = configShape(definition);
  if ('endpoint' in shape) return 'endpoint';
  if ('baseUrl' in shape) return 'baseUrl';
  return 'the runtime';
}

function configuredLanguageHints(config: unknown): string[] {
  const hints = (config as { languageHints?: unknown }).languageHints;
  return Array.isArray(hints) ? (hints as string[]) : [];
}

/**
 * P14 answers silent audio itself, without asking the server (`skipSilence`); the check must reach
 * the server, so the clip is sent anyway.
 */
function withSilenceSent(config: unknown): unknown {
  return typeof config === 'object' && config !== null && 'skipSilence' in config
    ? { ...config, skipSilence: false }
    : config;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
