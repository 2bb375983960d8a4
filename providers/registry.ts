import type { ProviderDefinition, ProviderId } from './contract.ts';

/** P14, the offline whisper.cpp runtime: it works with no account and no network. */
export const defaultProviderId: ProviderId = 'whisper-cpp';

/** Every provider, in label order. */
export const providerDefinitions: ReadonlyArray<ProviderDefinition<unknown>> = [];

/** A provider by id (`deepgram`) or label (`P06`), case-insensitively. */
export function findProvider(name: string): ProviderDefinition<unknown> | undefined {
  const wanted = name.trim().toLowerCase();
  return providerDefinitions.find(
    ({ metadata }) => metadata.id === wanted || metadata.label.toLowerCase() === wanted,
  );
}
