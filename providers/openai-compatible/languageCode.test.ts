import { expect, it } from 'vitest';
import { languageCode } from './languageCode.ts';

it('turns Whisper language names and codes into ISO codes', () => {
  expect(languageCode('English')).toBe('en');
  expect(languageCode('english')).toBe('en');
  expect(languageCode('EN')).toBe('en');
  expect(languageCode('chinese')).toBe('zh');
  expect(languageCode('maori')).toBe('mi');
  expect(languageCode('hebrew')).toBe('he');
  expect(languageCode('myanmar')).toBe('my');
  expect(languageCode('nynorsk')).toBe('nn');
  expect(languageCode('lao')).toBe('lo');
  expect(languageCode('cantonese')).toBe('yue');
  expect(languageCode('yue')).toBe('yue');
});

it('gives nothing for what is not a language', () => {
  expect(languageCode('auto')).toBeUndefined();
  expect(languageCode('zz')).toBeUndefined();
  expect(languageCode('klingonese')).toBeUndefined();
  expect(languageCode('')).toBeUndefined();
});
