import { listModels, probeServer, pullModel } from '../../providers/openai-compatible/localServer.ts';
import { readProviderConfig } from '../../store/providerSettings.ts';
import { progressBar } from './progressBar.ts';
import { UsageError } from './usage.ts';

/** P12's address and key as stored; probing needs only these, not a complete configuration. */
function localServerSettings(dataDirectory: string): { baseUrl: string; apiKey: string | undefined } {
  const { baseUrl, apiKey } = readProviderConfig(dataDirectory, 'openai-compatible');
  if (typeof baseUrl !== 'string' || baseUrl === '') {
    throw new UsageError(
      'Set the server address first: earshot providers set P12 baseUrl=http://127.0.0.1:11434',
    );
  }
  return { baseUrl, apiKey: typeof apiKey === 'string' && apiKey !== '' ? apiKey : undefined };
}

/** `earshot providers probe P12`: is the server there, what is it, which models does it have. */
export async function probeLocalServer(dataDirectory: string): Promise<void> {
  const { baseUrl, apiKey } = localServerSettings(dataDirectory);
  const signal = AbortSignal.timeout(30_000);
  const probe = await probeServer(baseUrl, apiKey, signal);
  if (!probe.reachable) throw new Error(`${baseUrl} cannot be reached: ${probe.problem}`);
  if (probe.keyRefused)
    throw new Error(
      `${baseUrl} refused the API key; set the right one with: earshot providers set P12 apiKey=…`,
    );
  console.log(
    `${baseUrl}: ${probe.openAiCompatible ? 'OpenAI-compatible' : 'not OpenAI-compatible'}${probe.ollama ? ', an Ollama host (models can be pulled)' : ''}`,
  );
  if (!probe.openAiCompatible) return;
  const models = await listModels(baseUrl, apiKey, signal);
  console.log(
    models.length === 0
      ? 'No models installed.'
      : `Models:\n${models.map((model) => `  ${model}`).join('\n')}`,
  );
}

/** `earshot providers pull P12 NAME`: has an Ollama host download a model, with progress. */
export async function pullLocalModel(dataDirectory: string, name: string | undefined): Promise<void> {
  if (name === undefined) throw new UsageError('Name the model: earshot providers pull P12 NAME');
  const { baseUrl, apiKey } = localServerSettings(dataDirectory);
  const probe = await probeServer(baseUrl, apiKey, AbortSignal.timeout(30_000));
  if (!probe.reachable || !probe.ollama) {
    throw new Error(
      `${baseUrl} is not an Ollama host, so it cannot pull models; install the model with the server's own tools.`,
    );
  }
  const bar = progressBar(`Pulling ${name}`);
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort());
  await pullModel(baseUrl, name, controller.signal, (progress) => {
    if (progress.totalBytes !== undefined && progress.completedBytes !== undefined) {
      bar.update(progress.completedBytes, progress.totalBytes);
    }
  });
  bar.finish();
  console.log(`${name} is installed on ${baseUrl}; use it with: earshot providers set P12 model=${name}`);
}
