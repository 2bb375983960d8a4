import { expect, it } from 'vitest';
import { definition as assemblyAi } from '../assemblyai/definition.ts';
import { definition as deepgram } from '../deepgram/definition.ts';
import { definition as mistral } from '../mistral/definition.ts';
import { fittingTerms, providerTerms, vocabularyDescription, vocabularyNote } from './fittingTerms.ts';

const terms = Array.from({ length: 120 }, (_, index) => `term${index}`);

it('keeps the order and stops at the count or the total length, skipping terms that are too long', () => {
  expect(fittingTerms(terms, { maxTerms: 3 })).toEqual(['term0', 'term1', 'term2']);
  expect(fittingTerms(['a'.repeat(60), 'Earshot'], { maxTermCharacters: 50 })).toEqual(['Earshot']);
  expect(fittingTerms(['Earshot', 'Whisper', 'Groq'], { maxCharacters: 14 })).toEqual(['Earshot', 'Whisper']);
  expect(fittingTerms(terms, {})).toEqual(terms);
});

it('gives a provider that takes no vocabulary no terms, and a live stream its live limits', () => {
  expect(providerTerms(mistral.metadata, 'file', terms)).toEqual([]);
  expect(providerTerms(assemblyAi.metadata, 'file', terms)).toHaveLength(120);
  expect(providerTerms(assemblyAi.metadata, 'live', terms)).toHaveLength(100);
});

it('tells which providers take none and which cut the list, and is silent when all is sent', () => {
  expect(vocabularyNote(mistral.metadata, ['Earshot'])).toBe(
    'Mistral Voxtral takes no custom vocabulary; its transcripts ignore the list.',
  );
  expect(vocabularyNote(deepgram.metadata, terms)).toBe(
    'Deepgram Nova is sent 100 of the 120 terms (at most 100 terms).',
  );
  expect(vocabularyNote(assemblyAi.metadata, terms)).toBe(
    'AssemblyAI Universal is sent 100 of the 120 terms live (at most 100 terms, each at most 50 characters).',
  );
  expect(vocabularyNote(assemblyAi.metadata, ['Earshot'])).toBeUndefined();
  expect(vocabularyNote(mistral.metadata, [])).toBeUndefined();
});

it('describes in a line how each provider takes a vocabulary', () => {
  expect(vocabularyDescription(deepgram.metadata)).toBe('sent as keyterm (at most 100 terms)');
  expect(vocabularyDescription(assemblyAi.metadata)).toBe(
    'sent as keyterms_prompt (files: at most 1000 terms; live: at most 100 terms, each at most 50 characters)',
  );
  expect(vocabularyDescription(mistral.metadata)).toBe("none: the vendor's API takes no custom vocabulary");
});
