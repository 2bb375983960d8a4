import { z } from 'zod';
import {
  endpointField,
  modelField,
  secretField,
  speakerDiarizationField,
  vendorAddressField,
} from '../configFields.ts';

/**
 * Universal Streaming's real-time models (the spec's `model` is the live model); file jobs use
 * AssemblyAI's default async model, because these names are not valid there.
 */
export const assemblyAiStreamingModels = [
  'u3-rt-pro',
  'universal-streaming-english',
  'universal-streaming-multilingual',
  'whisper-rt',
] as const;

/** Universal Streaming's own host; the async REST API's is the metadata's `defaultBaseUrl`. */
export const assemblyAiStreamingBaseUrl = 'wss://streaming.assemblyai.com';

export const assemblyAiConfigSchema = z
  .object({
    apiKey: secretField(
      'apiKey',
      'API key',
      'Your AssemblyAI API key, from the AssemblyAI dashboard (assemblyai.com).',
    ),
    model: modelField(assemblyAiStreamingModels, 'u3-rt-pro'),
    enableSpeakerDiarization: speakerDiarizationField(),
    // The REST and streaming APIs live on different hosts, so each has its own address.
    endpoint: endpointField.meta({
      title: 'REST API address (files)',
      description:
        "Where files are sent: AssemblyAI's async API, /v2 included (/upload and /transcript are appended). Empty: https://api.assemblyai.com/v2; the EU region is https://api.eu.assemblyai.com/v2.",
    }),
    streamingEndpoint: vendorAddressField('streamingEndpoint').meta({
      title: 'Streaming address (live)',
      description: `Where live audio is streamed (/v3/ws is appended). Empty: ${assemblyAiStreamingBaseUrl}, or the REST API address when one is set (one gateway for both, as settings saved before this field meant); the EU region is wss://streaming.eu.assemblyai.com.`,
    }),
  })
  .strict();

export type AssemblyAiConfig = z.output<typeof assemblyAiConfigSchema>;

/**
 * Where live audio goes: `streamingEndpoint`; else `endpoint`, which served both APIs before the
 * two were split (a gateway in front of both keeps working); else AssemblyAI's streaming host.
 */
export function streamingAddress(config: AssemblyAiConfig): string {
  return config.streamingEndpoint ?? config.endpoint ?? assemblyAiStreamingBaseUrl;
}
