import { expect, it } from 'vitest';
import { readSenseVoiceText } from './senseVoiceText.ts';

it('drops emotion, event and normalisation tags and keeps the language tag as the language', () => {
  expect(readSenseVoiceText('<|en|><|NEUTRAL|><|Speech|><|woitn|>hello there')).toEqual({
    text: 'hello there',
    language: 'en',
  });
  expect(readSenseVoiceText('<|yue|><|HAPPY|><|BGM|><|withitn|>早晨。')).toEqual({
    text: '早晨。',
    language: 'yue',
  });
});

it('joins tagged stretches with a space, or directly in scripts written without spaces', () => {
  expect(
    readSenseVoiceText(
      '<|en|><|NEUTRAL|><|Speech|><|woitn|>first part<|en|><|NEUTRAL|><|Speech|><|woitn|>second part',
    ),
  ).toEqual({ text: 'first part second part', language: 'en' });
  expect(
    readSenseVoiceText('<|zh|><|NEUTRAL|><|Speech|>欢迎使用。<|zh|><|NEUTRAL|><|Speech|>语音识别'),
  ).toEqual({
    text: '欢迎使用。语音识别',
    language: 'zh',
  });
});

it('leaves plain text alone and finds no words in a stretch that is only tags', () => {
  expect(readSenseVoiceText('  already clean ')).toEqual({ text: 'already clean' });
  expect(readSenseVoiceText('<|nospeech|><|EMO_UNKNOWN|><|Event_UNK|><|woitn|>')).toEqual({ text: '' });
});
