import { AiProvidersSettings } from './AiProvidersSettings.tsx';
import { PromptTemplatesSettings } from './PromptTemplatesSettings.tsx';

/** The AI tab: the providers that generate, and the prompts they are given. */
export function AiSettings() {
  return (
    <>
      <AiProvidersSettings />
      <PromptTemplatesSettings />
    </>
  );
}
