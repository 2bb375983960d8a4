/**
 * Where AI providers are set up, for a failure that asks for one: from a terminal, since the app
 * has no page for them yet (docs/ai.md has every kind and field).
 */
export function AiProviderSetupNote() {
  return (
    <div className="notice ai-provider-setup" data-testid="ai-provider-setup">
      <div>
        <p>
          AI providers are set up from a terminal with the <code>earshot</code> command (the app has no page
          for them yet). For example, a cloud model:
        </p>
        <pre>earshot ai set openai model=gpt-4o-mini apiKey=sk-…</pre>
        <p>or a model on this computer, through Ollama:</p>
        <pre>earshot ai set ollama model=llama3.1</pre>
        <p>
          <code>earshot ai show</code> lists them and <code>earshot ai test</code> checks that the model
          answers; docs/ai.md describes every kind of provider. Then generate again: the service reads the
          settings as each job starts.
        </p>
      </div>
    </div>
  );
}
