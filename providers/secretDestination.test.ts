import { describe, expect, it } from 'vitest';
import { findProvider, providerDefinitions } from './registry.ts';
import { destinationOf, newSecretDestination, urlFields } from './secretDestination.ts';

function provider(name: string) {
  const definition = findProvider(name);
  if (definition === undefined) throw new Error(`no provider ${name}`);
  return definition;
}

const deepgram = provider('deepgram');
const key = { apiKey: 'dg-key-1234' };

describe('destinationOf', () => {
  it('keeps scheme, host and port only, reading ws(s) as http(s) and leaving default ports out', () => {
    expect(destinationOf('https://api.deepgram.com/v1/listen?model=nova-3')).toBe('https://api.deepgram.com');
    expect(destinationOf('wss://API.Deepgram.com:443/v1')).toBe('https://api.deepgram.com');
    expect(destinationOf('ws://127.0.0.1:4567')).toBe('http://127.0.0.1:4567');
    expect(destinationOf('http://127.0.0.1:80/')).toBe('http://127.0.0.1');
    expect(destinationOf(' not a url ')).toBe('not a url');
  });
});

describe('urlFields', () => {
  it('finds every URL field of the fourteen schemas: endpoint for the vendors (and P07’s streamingEndpoint), baseUrl for P12 and P13', () => {
    const found = Object.fromEntries(
      providerDefinitions.map((definition) => [
        definition.metadata.label,
        urlFields(definition).map((field) => field.name),
      ]),
    );
    const vendors = ['P01', 'P02', 'P03', 'P04', 'P05', 'P06', 'P07', 'P08', 'P09', 'P10', 'P11'];
    expect(found).toEqual({
      ...Object.fromEntries(vendors.map((label) => [label, ['endpoint']])),
      P07: ['endpoint', 'streamingEndpoint'],
      P12: ['baseUrl'],
      P13: ['baseUrl'],
      P14: [],
    });
  });
});

describe('newSecretDestination', () => {
  it('names the host a stored key would go to once the endpoint moves there', () => {
    expect(newSecretDestination(deepgram, key, { ...key, endpoint: 'http://127.0.0.1:4567' })).toBe(
      'http://127.0.0.1:4567',
    );
    // A move to plain http on the vendor's own host is a move too: the key would travel unencrypted.
    expect(newSecretDestination(deepgram, key, { ...key, endpoint: 'http://api.deepgram.com' })).toBe(
      'http://api.deepgram.com',
    );
  });

  it('needs nothing for the same host, another path or ws(s) on it, or a move back to the vendor', () => {
    const elsewhere = { ...key, endpoint: 'https://gateway.example:8443/deepgram' };
    expect(
      newSecretDestination(deepgram, key, { ...key, endpoint: 'https://api.deepgram.com/v1' }),
    ).toBeUndefined();
    expect(
      newSecretDestination(deepgram, key, { ...key, endpoint: 'wss://api.deepgram.com' }),
    ).toBeUndefined();
    expect(
      newSecretDestination(deepgram, elsewhere, {
        ...elsewhere,
        endpoint: 'https://gateway.example:8443/v2',
      }),
    ).toBeUndefined();
    expect(newSecretDestination(deepgram, elsewhere, key)).toBeUndefined();
    expect(newSecretDestination(deepgram, elsewhere, { ...elsewhere, apiKey: 'dg-new-key' })).toBeUndefined();
  });

  it('asks for a host planted while no key was stored, once a key is saved with it', () => {
    const planted = { endpoint: 'http://127.0.0.1:4567' };
    expect(newSecretDestination(deepgram, {}, planted)).toBeUndefined();
    expect(newSecretDestination(deepgram, planted, { ...planted, ...key })).toBe('http://127.0.0.1:4567');
    expect(newSecretDestination(deepgram, {}, { ...planted, ...key })).toBe('http://127.0.0.1:4567');
    expect(newSecretDestination(deepgram, {}, key)).toBeUndefined();
  });

  it('asks when P07’s streaming address moves the key to another host, apart from its REST endpoint', () => {
    const assemblyAi = provider('P07');
    const stored = { apiKey: 'aai-key', endpoint: 'https://api.eu.assemblyai.com/v2' };
    expect(
      newSecretDestination(assemblyAi, stored, {
        ...stored,
        streamingEndpoint: 'wss://streaming.eu.assemblyai.com',
      }),
    ).toBe('https://streaming.eu.assemblyai.com');
    expect(
      newSecretDestination(assemblyAi, stored, {
        ...stored,
        streamingEndpoint: 'wss://api.eu.assemblyai.com',
      }),
    ).toBeUndefined();
  });

  it('names every new host at once when one change moves the key to two (P07’s EU region)', () => {
    const stored = { apiKey: 'aai-key' };
    const eu = {
      ...stored,
      endpoint: 'https://api.eu.assemblyai.com/v2',
      streamingEndpoint: 'wss://streaming.eu.assemblyai.com',
    };
    expect(newSecretDestination(provider('P07'), stored, eu)).toBe(
      'https://api.eu.assemblyai.com and https://streaming.eu.assemblyai.com',
    );
  });

  it('needs nothing when the change leaves no key behind', () => {
    expect(newSecretDestination(deepgram, key, { endpoint: 'http://127.0.0.1:4567' })).toBeUndefined();
  });

  it('asks for every secret a provider has (Cloudflare’s token and account), not only apiKey', () => {
    const cloudflare = provider('P09');
    const stored = { apiToken: 'cf-token', accountId: '0123456789abcdef0123456789abcdef' };
    expect(newSecretDestination(cloudflare, stored, { ...stored, endpoint: 'https://127.0.0.1:9' })).toBe(
      'https://127.0.0.1:9',
    );
    expect(
      newSecretDestination(cloudflare, {}, { accountId: stored.accountId, endpoint: 'https://127.0.0.1:9' }),
    ).toBe('https://127.0.0.1:9');
  });

  it('asks nothing of local servers without a key, and asks when P12 has one', () => {
    expect(newSecretDestination(provider('P13'), {}, { baseUrl: 'http://10.0.0.5:8000' })).toBeUndefined();
    const openAi = provider('P12');
    const local = { baseUrl: 'http://127.0.0.1:11434', model: 'whisper-1' };
    expect(
      newSecretDestination(openAi, local, { ...local, baseUrl: 'http://10.0.0.5:8000' }),
    ).toBeUndefined();
    expect(newSecretDestination(openAi, local, { ...local, apiKey: 'local-key' })).toBeUndefined();
    const withKey = { ...local, apiKey: 'local-key' };
    expect(newSecretDestination(openAi, withKey, { ...withKey, baseUrl: 'http://10.0.0.5:8000' })).toBe(
      'http://10.0.0.5:8000',
    );
    expect(newSecretDestination(provider('P14'), {}, { modelPath: '/m.bin', port: 9000 })).toBeUndefined();
  });
});
