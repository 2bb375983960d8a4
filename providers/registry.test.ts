import { describe, expect, it } from 'vitest';
import { comparisonRow } from './comparisonRow.ts';
import { providerIds } from './contract.ts';
import { defaultProviderId, findProvider, providerDefinitions } from './registry.ts';

/**
 * The spec's "Provider comparison" table, row by row, with diarization where #19 made it a switch
 * (the vendor's API diarizes; `enableSpeakerDiarization` among the extras below).
 */
const specComparison = `
| P01 | Cloud | WebSocket (direct) | MediaRecorder (WebM/Opus) | Yes | Yes | Yes | Yes |
| P02 | Cloud | WebSocket via local proxy | AudioWorklet (PCM16) | Yes | No | Yes | Yes |
| P03 | Cloud | WebSocket via local proxy | AudioWorklet (PCM16) | Yes | No | Yes | Yes |
| P04 | Cloud | WebSocket via local proxy | AudioWorklet (PCM16) | Yes | No | Yes | Yes |
| P05 | Cloud | WebSocket via local proxy | AudioWorklet (PCM16) | Yes | No | Yes | Yes |
| P06 | Cloud | WebSocket via local proxy | AudioWorklet (PCM16) | Yes | No | Yes | Yes |
| P07 | Cloud | WebSocket via local proxy | AudioWorklet (PCM16) | Yes | No | Yes | Yes |
| P08 | Cloud | WebSocket via local proxy | AudioWorklet (PCM16) | Yes | No | Yes | Yes |
| P09 | Cloud | REST (batch) | AudioWorklet (PCM16) | No | No | No | Yes |
| P10 | Cloud | REST (batch) | AudioWorklet (PCM16) | No | No | No | Yes |
| P11 | Cloud | REST (batch) | AudioWorklet (PCM16) | No | No | No | Yes |
| P12 | Local | REST (batch) | MediaRecorder (WebM/Opus) | No | No | No | Yes |
| P13 | Local | REST (batch) | MediaRecorder (WebM/Opus) | No | No | No | Yes |
| P14 | Local | REST (local) | AudioWorklet (PCM16) | No | No | No | Yes |`
  .trim()
  .split('\n')
  .map((line) =>
    line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim()),
  );

/** The spec's "Provider configuration" table: required and optional fields by label. */
const specConfiguration: Record<string, { required: string[]; optional: string[] }> = {
  P01: {
    required: ['apiKey'],
    optional: [
      'model',
      'languageHints',
      'translationEnabled',
      'translationTargetLanguage',
      'enableSpeakerDiarization',
    ],
  },
  P02: { required: ['appKey', 'accessKey'], optional: ['languageHints'] },
  P03: { required: ['apiKey'], optional: ['model', 'languageHints'] },
  P04: { required: ['apiKey'], optional: ['model', 'languageHints'] },
  P05: { required: ['apiKey'], optional: ['fileModel', 'languageHints'] },
  P06: { required: ['apiKey'], optional: ['model', 'languageHints'] },
  P07: { required: ['apiKey'], optional: ['model'] },
  P08: { required: ['apiKey'], optional: ['languageHints'] },
  P09: { required: ['apiToken', 'accountId'], optional: ['model', 'languageHints'] },
  P10: { required: ['apiKey'], optional: ['model', 'languageHints'] },
  P11: { required: ['apiKey'], optional: ['model', 'languageHints'] },
  P12: { required: ['baseUrl', 'model'], optional: ['apiKey', 'languageHints'] },
  P13: { required: [], optional: ['baseUrl', 'model', 'languageHints'] },
  P14: { required: ['modelPath'], optional: ['binaryPath', 'port', 'languageHints'] },
};

/** Optional settings beyond the spec's, each with a default that keeps the spec's behaviour. */
const extraFields: Record<string, string[]> = {
  // Files only for P02, P03 and P04, whose live APIs tell no speakers apart.
  P02: ['enableSpeakerDiarization'],
  P03: ['enableSpeakerDiarization'],
  P04: ['enableSpeakerDiarization'],
  P05: ['enableSpeakerDiarization'],
  P06: ['enableSpeakerDiarization'],
  // AssemblyAI's streaming API has a host of its own, apart from the REST API's `endpoint`.
  P07: ['streamingEndpoint', 'enableSpeakerDiarization'],
  P08: ['enableSpeakerDiarization'],
  P14: ['skipSilence'],
};

describe('the provider registry', () => {
  it('holds the fourteen providers in label order with their stable ids', () => {
    expect(providerDefinitions.map(({ metadata }) => metadata.label)).toEqual(
      Array.from({ length: 14 }, (_, index) => `P${String(index + 1).padStart(2, '0')}`),
    );
    expect(providerDefinitions.map(({ metadata }) => metadata.id)).toEqual([...providerIds]);
    expect(defaultProviderId).toBe('whisper-cpp');
  });

  it('matches the spec comparison table exactly', () => {
    expect(providerDefinitions.map(({ metadata }) => comparisonRow(metadata))).toEqual(specComparison);
  });

  it('finds a provider by id or label, in any case', () => {
    expect(findProvider('P06')?.metadata.id).toBe('deepgram');
    expect(findProvider('p06')?.metadata.id).toBe('deepgram');
    expect(findProvider(' Deepgram ')?.metadata.id).toBe('deepgram');
    expect(findProvider('P15')).toBeUndefined();
  });

  it('promises speakers live only where the live API diarizes: P01, P06, P07 and P08', () => {
    const live = providerDefinitions.filter((definition) => definition.metadata.capabilities.liveDiarization);
    expect(live.map((definition) => definition.metadata.label)).toEqual(['P01', 'P06', 'P07', 'P08']);
    for (const { metadata } of live) {
      expect(metadata.capabilities.diarization && metadata.capabilities.streaming).toBe(true);
    }
  });

  it('marks only P01 as preferring token events', () => {
    expect(
      providerDefinitions
        .filter(({ metadata }) => metadata.capabilities.prefersTokenEvents)
        .map(({ metadata }) => metadata.label),
    ).toEqual(['P01']);
  });

  describe.each(providerDefinitions.map((definition) => [definition.metadata.label, definition] as const))(
    '%s configuration',
    (label, definition) => {
      const spec = specConfiguration[label] ?? { required: [], optional: [] };
      const shape = (definition.configSchema as unknown as { shape: Record<string, unknown> }).shape;

      it('uses the spec field names, plus endpoint for cloud providers and our documented extras', () => {
        const expected = [...spec.required, ...spec.optional, ...(extraFields[label] ?? [])];
        if (definition.metadata.kind === 'cloud') expected.push('endpoint');
        expect(Object.keys(shape).sort()).toEqual(expected.sort());
      });

      it('names exactly the required fields when they are missing', () => {
        const result = definition.configSchema.safeParse({});
        const missing = result.success ? [] : result.error.issues.map((issue) => String(issue.path[0]));
        expect([...new Set(missing)].sort()).toEqual([...spec.required].sort());
      });

      it('rejects unknown fields', () => {
        expect(definition.configSchema.safeParse({ noSuchField: 1 }).success).toBe(false);
      });

      it('keeps secrets among its own fields', () => {
        for (const field of definition.metadata.secretFields) expect(Object.keys(shape)).toContain(field);
      });
    },
  );

  it('applies the spec defaults and limits', () => {
    const parse = (label: string, config: Record<string, unknown>) =>
      findProvider(label)?.configSchema.parse(config) as Record<string, unknown>;
    expect(parse('P13', {}).baseUrl).toBe('http://127.0.0.1:8000');
    expect(parse('P13', { model: 'paraformer-en' }).model).toBe('sensevoice');
    expect(parse('P14', { modelPath: '/m.bin' }).port).toBe(8177);
    expect(
      findProvider('P08')?.configSchema.safeParse({
        apiKey: 'k',
        languageHints: ['en', 'hi', 'ta', 'te', 'bn', 'mr'],
      }).success,
    ).toBe(false);
    expect(
      parse('P08', { apiKey: 'k', languageHints: ['en', 'hi', 'ta', 'te', 'bn'] }).languageHints,
    ).toHaveLength(5);
    expect(findProvider('P08')?.metadata.fileLimits.maxBytes).toBe(10_000_000);
  });

  it('takes an endpoint override on every cloud provider', () => {
    for (const { metadata, configSchema } of providerDefinitions.filter(
      ({ metadata }) => metadata.kind === 'cloud',
    )) {
      const shape = (
        configSchema as unknown as {
          shape: Record<string, { safeParse(value: unknown): { success: boolean } }>;
        }
      ).shape;
      expect(shape.endpoint?.safeParse('https://gateway.example/v1').success, metadata.id).toBe(true);
      expect(shape.endpoint?.safeParse('not a url').success, metadata.id).toBe(false);
    }
  });
});
