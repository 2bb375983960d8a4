import { hashOf } from '../app/route.ts';

/**
 * Where AI providers are set up, for a failure that asks for one: the AI tab of the settings, or a
 * terminal (docs/ai.md has every kind and field).
 */
export function AiProviderSetupNote() {
  return (
    <div className="notice ai-provider-setup" data-testid="ai-provider-setup">
      <div>
        <p>
          Set up an AI provider in <a href={hashOf({ page: 'settings', section: 'ai' })}>Settings → AI</a>: a
          cloud model with its key, or a model on this computer through Ollama or an OpenAI-compatible server.
        </p>
        <p>From a terminal it is, for example:</p>
        <pre>earshot ai set openai model=gpt-4o-mini apiKey=sk-…</pre>
        <p>
          Then generate again: the service reads the settings as each job starts. docs/ai.md describes every
          kind of provider.
        </p>
      </div>
    </div>
  );
}

/**
 * One line for a panel whose work needs an AI provider when the session has none: the digest above
 * explains how to set one up, so this only says what is missing and where to go.
 */
export function NoAiProviderLine(props: { work: string; testId: string }) {
  return (
    <p className="notice notice-warning" data-testid={props.testId}>
      <span>
        {props.work} by an AI provider, and none is set up for this session yet.{' '}
        <a href={hashOf({ page: 'settings', section: 'ai' })}>Set one up in Settings → AI</a>
      </span>
    </p>
  );
}
