import type { ProviderMetadata } from './contract.ts';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** The columns of the spec's "Provider comparison" table, read from the registry. */
export function comparisonRow(metadata: ProviderMetadata): string[] {
  const transport = {
    'websocket-direct': 'WebSocket (direct)',
    'websocket-proxy': 'WebSocket via local proxy',
    'rest-batch': 'REST (batch)',
    'rest-local': 'REST (local)',
  }[metadata.transport];
  const audio = metadata.audioInput === 'webm-opus' ? 'MediaRecorder (WebM/Opus)' : 'AudioWorklet (PCM16)';
  const { streaming, translation, diarization, fileTranscription } = metadata.capabilities;
  return [
    metadata.label,
    metadata.kind === 'cloud' ? 'Cloud' : 'Local',
    transport,
    audio,
    yesNo(streaming),
    yesNo(translation),
    yesNo(diarization),
    yesNo(fileTranscription),
  ];
}
