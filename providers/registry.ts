import type { ProviderDefinition, ProviderId } from './contract.ts';
import { definition as soniox } from './soniox/definition.ts';
import { definition as volcengine } from './volcengine/definition.ts';
import { definition as elevenlabs } from './elevenlabs/definition.ts';
import { definition as mistral } from './mistral/definition.ts';
import { definition as gladia } from './gladia/definition.ts';
import { definition as deepgram } from './deepgram/definition.ts';
import { definition as assemblyai } from './assemblyai/definition.ts';
import { definition as sixtydb } from './sixtydb/definition.ts';
import { definition as cloudflare } from './cloudflare/definition.ts';
import { definition as siliconflow } from './siliconflow/definition.ts';
import { definition as groq } from './groq/definition.ts';
import { definition as openaiCompatible } from './openai-compatible/definition.ts';
import { definition as funasr } from './funasr/definition.ts';
import { definition as whisperCpp } from './whisper-cpp/definition.ts';

/** P14, the offline whisper.cpp runtime: it works with no account and no network. */
export const defaultProviderId: ProviderId = 'whisper-cpp';

/** Every provider, in label order. */
export const providerDefinitions: ReadonlyArray<ProviderDefinition<unknown>> = [
  soniox,
  volcengine,
  elevenlabs,
  mistral,
  gladia,
  deepgram,
  assemblyai,
  sixtydb,
  cloudflare,
  siliconflow,
  groq,
  openaiCompatible,
  funasr,
  whisperCpp,
] as ReadonlyArray<ProviderDefinition<unknown>>;

/** A provider by id (`deepgram`) or label (`P06`), case-insensitively. */
export function findProvider(name: string): ProviderDefinition<unknown> | undefined {
  const wanted = name.trim().toLowerCase();
  return providerDefinitions.find(
    ({ metadata }) => metadata.id === wanted || metadata.label.toLowerCase() === wanted,
  );
}
