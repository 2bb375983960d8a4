import { ApiAccessControl } from '../../api/apiAccessControl.ts';
import { SessionStore } from '../../store/sessionStore.ts';

/** The tools the MCP server always offers, sorted by name; `ask` joins them with an AI provider. */
export const readToolNames = [
  'get_session',
  'get_status',
  'get_summary',
  'get_transcript',
  'list_tags',
  'list_topics',
  'search_sessions',
];

/** A session of the library: its title, start, and lines as [startMs, endMs, speaker, text]. */
export interface LibrarySession {
  id: string;
  title: string;
  startedAt: string;
  topicId?: string;
  tagIds?: string[];
  lines: Array<[number, number, string | null, string]>;
}

/** One session a script, each with a word found only in it (`word`). */
export const multilingualSessions: Array<LibrarySession & { word: string }> = [
  {
    id: 'latin',
    title: 'Réunion budget',
    startedAt: '2026-11-02T09:00:00Z',
    topicId: 'work',
    tagIds: ['urgent'],
    word: 'trimestre',
    lines: [
      [0, 4_000, 'Anna', "Bonjour à tous, parlons du budget de l'École."],
      [4_000, 9_000, 'Marc', 'Le budget du trimestre est approuvé.'],
      [65_000, 70_000, 'Anna', 'Ensuite, le recrutement passe en mai.'],
    ],
  },
  {
    id: 'chinese',
    title: '预算会议',
    startedAt: '2026-11-03T02:00:00Z',
    topicId: 'work',
    word: '预算',
    lines: [
      [0, 3_000, '王', '大家好，我们来讨论预算。'],
      [3_000, 6_000, '李', '第三季度的预算已经批准了。'],
    ],
  },
  {
    id: 'japanese',
    title: '週次定例',
    startedAt: '2026-11-04T01:00:00Z',
    word: '会議室',
    lines: [[0, 5_000, null, '来週の会議室は三階に変わります。']],
  },
  {
    id: 'arabic',
    title: 'اجتماع الميزانية',
    startedAt: '2026-11-05T08:00:00Z',
    tagIds: ['urgent'],
    word: 'الميزانية',
    lines: [[0, 5_000, 'سارة', 'تمت الموافقة على الميزانية اليوم.']],
  },
  {
    id: 'cyrillic',
    title: 'Планёрка',
    startedAt: '2026-11-06T07:00:00Z',
    word: 'бюджет',
    lines: [[0, 5_000, 'Иван', 'Бюджет на квартал утверждён, начинаем работу.']],
  },
];

/**
 * Fills a data directory with the sessions, completed, under a topic ("Work") and a tag
 * ("urgent"), the first with an AI summary, and switches the REST API (and so `/mcp`) on; returns
 * its token.
 */
export function writeMultilingualLibrary(dataDirectory: string): string {
  const store = SessionStore.open(dataDirectory);
  try {
    store.putTopic({ id: 'work', name: 'Work', emoji: '💼', description: 'Meetings at work' });
    store.putTag({ id: 'urgent', name: 'urgent', color: '#ff0000' });
    for (const session of multilingualSessions) {
      store.createSession({
        id: session.id,
        title: session.title,
        providerId: 'deepgram',
        startedAt: Date.parse(session.startedAt),
        topicId: session.topicId ?? null,
        tagIds: session.tagIds ?? [],
      });
      for (const [startMs, endMs, speaker, text] of session.lines) {
        store.appendSegment(session.id, { startMs, endMs, speaker, text });
      }
      store.setSessionStatus(session.id, 'completed');
    }
    store.updateSession('latin', {
      postProcess: {
        summary: 'Le budget du trimestre est approuvé ; le recrutement passe en mai.',
        actionItems: ['Envoyer le budget aux finances'],
        keywords: ['budget', 'recrutement'],
        chapters: [{ title: 'Budget', startMs: 0, endMs: 9_000, summary: 'Approuvé' }],
        status: 'success',
      },
      mindMap: { markdown: '# Réunion\n- Budget\n- Recrutement', status: 'success' },
    });
    return new ApiAccessControl(store, dataDirectory).enable().token ?? '';
  } finally {
    store.close();
  }
}
