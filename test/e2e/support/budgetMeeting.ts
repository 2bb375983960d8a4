import type { StoredAiSettings } from '../../../store/aiProviderSettings.ts';
import type { SessionStore } from '../../../store/sessionStore.ts';

/** The lines of the budget meeting the AI tests ask about, 30 seconds apart. */
const budgetMeetingLines = [
  'We agreed to keep the travel budget at ten thousand.',
  'Anna will send the revised numbers by Friday.',
  'We open two positions in March.',
  'Ben writes the job description next week.',
];

/** A completed meeting of four lines; with the automatic digest on, its job starts. */
export function seedBudgetMeeting(store: SessionStore): string {
  const session = store.createSession({ title: 'Budget meeting', providerId: 'deepgram' });
  budgetMeetingLines.forEach((text, index) =>
    store.appendSegment(session.id, { text, startMs: index * 30_000, endMs: index * 30_000 + 25_000 }),
  );
  store.setSessionStatus(session.id, 'completed');
  return session.id;
}

/** Page errors other than Chromium's "Failed to load resource" lines for refused requests. */
export function unexpectedErrors(pageErrors: string[]): string[] {
  return pageErrors.filter((error) => !error.startsWith('Failed to load resource'));
}

/** The key and model the AI tests' OpenAI fake accepts. */
export const fakeOpenAiKey = 'sk-proj-fake-openai-key-0123456789';
export const fakeOpenAiModel = 'gpt-4o-mini';

/** AI settings with one default provider, "team", on the OpenAI fake at `baseUrl`. */
export function teamAiSettings(baseUrl: string, automaticDigest: boolean): StoredAiSettings {
  return {
    providers: { team: { kind: 'openai', baseUrl, model: fakeOpenAiModel, apiKey: fakeOpenAiKey } },
    defaultAiProvider: 'team',
    automaticDigest,
  };
}
