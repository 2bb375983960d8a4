import type { ProviderId } from '../../providers/contract.ts';

/** The three ways to transcribe the setup offers first. */
export type TranscriptionWay = 'offline' | 'local-server' | 'cloud';

/** What a person weighs when choosing a provider: cost, languages, where the audio goes, where a key comes from. */
export interface TranscriptionChoice {
  way: TranscriptionWay;
  /** Free software, or paid by the amount of audio. */
  paid: boolean;
  languages: string;
  privacy: string;
  /** Where to get a key (cloud) or the software (a local server). */
  link?: { href: string; text: string };
}

/**
 * Every provider as the setup presents it. The lines are kept modest on purpose: prices change,
 * so the setup says only that a cloud service is paid by the amount of audio and leaves the figures
 * to the vendor; languages are said as broadly as the vendors document them.
 */
export const transcriptionChoices: Record<ProviderId, TranscriptionChoice> = {
  'whisper-cpp': {
    way: 'offline',
    paid: false,
    languages: 'The languages of Whisper models (about 100; English best)',
    privacy: 'Audio never leaves this computer',
    link: { href: 'https://github.com/ggml-org/whisper.cpp', text: 'About whisper.cpp' },
  },
  'openai-compatible': {
    way: 'local-server',
    paid: false,
    languages: 'Those of the model your server runs',
    privacy: 'Audio goes only to your server',
    link: { href: 'https://speaches.ai', text: 'Speaches, one such server' },
  },
  funasr: {
    way: 'local-server',
    paid: false,
    languages: 'Chinese, Cantonese, English, Japanese, Korean (SenseVoice)',
    privacy: 'Audio goes only to your server',
    link: { href: 'https://github.com/modelscope/FunASR', text: 'About FunASR' },
  },
  soniox: {
    way: 'cloud',
    paid: true,
    languages: 'Many languages; translates and tells speakers apart while listening',
    privacy: 'Audio is sent to Soniox',
    link: { href: 'https://console.soniox.com', text: 'Get a Soniox API key' },
  },
  volcengine: {
    way: 'cloud',
    paid: true,
    languages: 'Chinese and English first, some others',
    privacy: 'Audio is sent to Volcengine (ByteDance)',
    link: { href: 'https://console.volcengine.com/speech/app', text: 'Get a Volcengine app ID and token' },
  },
  elevenlabs: {
    way: 'cloud',
    paid: true,
    languages: 'Many languages',
    privacy: 'Audio is sent to ElevenLabs',
    link: { href: 'https://elevenlabs.io/app/settings/api-keys', text: 'Get an ElevenLabs API key' },
  },
  mistral: {
    way: 'cloud',
    paid: true,
    languages: 'Major European and world languages',
    privacy: 'Audio is sent to Mistral AI',
    link: { href: 'https://console.mistral.ai/api-keys', text: 'Get a Mistral API key' },
  },
  gladia: {
    way: 'cloud',
    paid: true,
    languages: 'Many languages',
    privacy: 'Audio is sent to Gladia',
    link: { href: 'https://app.gladia.io', text: 'Get a Gladia API key' },
  },
  deepgram: {
    way: 'cloud',
    paid: true,
    languages: 'Many languages',
    privacy: 'Audio is sent to Deepgram',
    link: { href: 'https://console.deepgram.com', text: 'Get a Deepgram API key' },
  },
  assemblyai: {
    way: 'cloud',
    paid: true,
    languages: 'English, and many languages with the multilingual model',
    privacy: 'Audio is sent to AssemblyAI',
    link: { href: 'https://www.assemblyai.com/dashboard', text: 'Get an AssemblyAI API key' },
  },
  sixtydb: {
    way: 'cloud',
    paid: true,
    languages: 'About 39 languages, Indian languages and English',
    privacy: 'Audio is sent to 60db',
    link: { href: 'https://60db.ai', text: 'Get a 60db API key' },
  },
  cloudflare: {
    way: 'cloud',
    paid: true,
    languages: 'The languages of Whisper models',
    privacy: 'Audio is sent to Cloudflare',
    link: { href: 'https://dash.cloudflare.com/profile/api-tokens', text: 'Get a Cloudflare API token' },
  },
  siliconflow: {
    way: 'cloud',
    paid: true,
    languages: 'Chinese and English first (SenseVoice and others)',
    privacy: 'Audio is sent to SiliconFlow, in China',
    link: { href: 'https://cloud.siliconflow.cn/account/ak', text: 'Get a SiliconFlow API key' },
  },
  groq: {
    way: 'cloud',
    paid: true,
    languages: 'The languages of Whisper models',
    privacy: 'Audio is sent to Groq',
    link: { href: 'https://console.groq.com/keys', text: 'Get a Groq API key' },
  },
};

export const transcriptionWays: Array<{ way: TranscriptionWay; title: string; summary: string }> = [
  {
    way: 'offline',
    title: 'Offline on this computer',
    summary: 'Free and private. Earshot builds the whisper.cpp server here; you add a speech model file.',
  },
  {
    way: 'local-server',
    title: 'A speech server you run',
    summary: 'Free and private, if you already run an OpenAI-compatible or FunASR server.',
  },
  {
    way: 'cloud',
    title: 'A cloud service',
    summary: 'Fast and accurate on any computer. Paid by the amount of audio; needs an account and a key.',
  },
];
