import { describe, expect, it } from 'vitest';
import {
  cannotReachMessage,
  configuredAddress,
  runsOnUserServer,
  unreachableAdvice,
} from './providerAddress.ts';
import { findProvider } from './registry.ts';

const provider = (name: string) => {
  const definition = findProvider(name);
  if (definition === undefined) throw new Error(`no provider ${name}`);
  return definition;
};

describe('providerAddress', () => {
  it('knows which providers are servers the user runs: P12 and P13, not the cloud nor P14', () => {
    const servers = ['P01', 'P06', 'P11', 'P12', 'P13', 'P14'].filter((label) =>
      runsOnUserServer(provider(label).metadata),
    );
    expect(servers).toEqual(['P12', 'P13']);
  });

  it('takes the address from the settings, else the default; P14 has none of its own', () => {
    expect(configuredAddress(provider('P13'), { baseUrl: 'http://10.0.0.2:10095' })).toBe(
      'http://10.0.0.2:10095',
    );
    expect(configuredAddress(provider('P13'), {})).toBe('http://127.0.0.1:8000');
    expect(configuredAddress(provider('P06'), { endpoint: 'http://127.0.0.1:9' })).toBe('http://127.0.0.1:9');
    expect(configuredAddress(provider('P14'), { modelPath: '/m.bin' })).toBeUndefined();
  });

  it('says what to do about an address that does not answer, by kind of provider', () => {
    const funasr = provider('P13').metadata;
    expect(
      `${cannotReachMessage(funasr, 'http://127.0.0.1:10095', 'connection refused')} ${unreachableAdvice(funasr)}`,
    ).toBe(
      'Cannot reach P13 FunASR / SenseVoice server at http://127.0.0.1:10095 (connection refused). ' +
        'Start the server, or fix its address. Fix it with: earshot providers set funasr baseUrl=URL',
    );
    expect(unreachableAdvice(provider('P06').metadata)).toMatch(
      /^Check the network connection; .*deepgram endpoint=/,
    );
    expect(unreachableAdvice(provider('P14').metadata)).toMatch(/Settings → Runtime/);
  });
});
