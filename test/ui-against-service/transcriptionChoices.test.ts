import { describe, expect, it } from 'vitest';
import { providerDefinitions } from '../../providers/registry.ts';
import { transcriptionChoices } from '../../ui/setup/transcriptionChoices.ts';

describe('transcriptionChoices', () => {
  it.each(providerDefinitions.map((definition) => [definition.metadata.label, definition.metadata] as const))(
    '%s is offered the way it runs, with its languages, privacy and a link',
    (_label, metadata) => {
      const choice = transcriptionChoices[metadata.id];
      expect(choice.way === 'cloud').toBe(metadata.kind === 'cloud');
      expect(choice.way === 'offline').toBe(metadata.executionMode === 'managed-runtime');
      expect(choice.paid).toBe(metadata.kind === 'cloud');
      expect(choice.languages).not.toBe('');
      expect(choice.privacy).not.toBe('');
      expect(choice.link?.href).toMatch(/^https:\/\//);
    },
  );
});
