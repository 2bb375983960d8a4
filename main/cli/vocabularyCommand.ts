import { createVocabularyControl, type VocabularyAnswer } from '../../api/control/vocabularyControl.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { termListSchema } from '../../store/vocabulary.ts';
import { ControlClient } from '../controlClient.ts';
import { UsageError } from './usage.ts';

const vocabularyActions = ['show', 'set', 'add', 'remove'] as const;
type VocabularyAction = (typeof vocabularyActions)[number];

/** What both routes answer that the command prints: the list and, per provider, what it gets. */
interface ShownVocabulary {
  terms: string[];
  providers: VocabularyAnswer['providers'];
}

/**
 * `earshot vocabulary show|set|add|remove [TERM…] [--topic ID]`: everyone's terms, or a topic's,
 * through the running service when there is one, else on the data directory by the same routes
 * (api/control/vocabularyControl.ts) run in this process, so both check and answer alike.
 */
export async function vocabularyCommand(
  dataDirectory: string,
  action: string | undefined,
  terms: readonly string[],
  options: { topic?: string; json?: boolean },
): Promise<void> {
  if (!isAction(action)) {
    throw new UsageError('Use: earshot vocabulary show | set TERM… | add TERM… | remove TERM… [--topic ID]');
  }
  if (action === 'show' && terms.length > 0)
    throw new UsageError('Use: earshot vocabulary show [--topic ID] [--json]');
  if ((action === 'add' || action === 'remove') && terms.length === 0) {
    throw new UsageError(`Use: earshot vocabulary ${action} TERM… [--topic ID], quoting a term with spaces.`);
  }
  const path =
    options.topic === undefined ? '/vocabulary' : `/topics/${encodeURIComponent(options.topic)}/vocabulary`;
  const routes = vocabularyRoutes(dataDirectory);
  const current = await routes.call('GET', path);
  const shown =
    action === 'show'
      ? current
      : await routes.call('PUT', path, { terms: changedTerms(action, current.terms, terms) });
  const whose = options.topic === undefined ? 'The vocabulary' : `Topic ${options.topic}'s vocabulary`;
  if (options.json) console.log(JSON.stringify(shown, null, 2));
  else if (action === 'show') printVocabulary(whose, shown);
  else printChange(whose, shown);
}

function isAction(action: string | undefined): action is VocabularyAction {
  return (vocabularyActions as readonly string[]).includes(action ?? '');
}

/** The list to send, checked here too so that a refusal names the term it is about. */
function changedTerms(
  action: Exclude<VocabularyAction, 'show'>,
  current: string[],
  given: readonly string[],
) {
  const changed = listAfter(action, current, given);
  const checked = termListSchema.safeParse(changed);
  if (checked.success) return checked.data;
  const issue = checked.error.issues[0];
  const term = typeof issue?.path[0] === 'number' ? changed[issue.path[0]] : undefined;
  throw new Error(
    `${term === undefined ? '' : `"${term.trim()}": `}${issue?.message ?? 'not a list of terms'}`,
  );
}

function listAfter(action: Exclude<VocabularyAction, 'show'>, current: string[], given: readonly string[]) {
  if (action === 'set') return [...given];
  if (action === 'add') return [...current, ...given];
  const removed = new Set(given.map((term) => term.trim()));
  const unknown = [...removed].filter((term) => !current.includes(term));
  if (unknown.length > 0) {
    throw new Error(
      `${unknown.map((term) => `"${term}"`).join(', ')} is not in the list; "earshot vocabulary show" lists it.`,
    );
  }
  return current.filter((term) => !removed.has(term));
}

interface VocabularyRoutes {
  call(method: 'GET' | 'PUT', path: string, body?: unknown): Promise<ShownVocabulary>;
}

/** The running service's routes, or the same routes on the data directory when none runs. */
function vocabularyRoutes(dataDirectory: string): VocabularyRoutes {
  const client = ControlClient.forDataDirectory(dataDirectory);
  if (client !== undefined)
    return { call: (method, path, body) => client.call<ShownVocabulary>(method, path, body) };
  return {
    call: async (method, path, body) => {
      const store = SessionStore.open(dataDirectory);
      try {
        const response = await createVocabularyControl({ store }).request(path, {
          method,
          headers: body === undefined ? {} : { 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const answer = (await response.json()) as ShownVocabulary & { error?: string };
        if (!response.ok)
          throw new Error(answer.error ?? `The vocabulary could not be changed (${response.status}).`);
        return answer;
      } finally {
        store.close();
      }
    },
  };
}

function printVocabulary(whose: string, shown: ShownVocabulary): void {
  if (shown.terms.length === 0)
    console.error(`${whose} is empty; "earshot vocabulary add TERM…" adds to it.`);
  for (const term of shown.terms) console.log(term);
  if (shown.terms.length === 0) return;
  console.log('');
  const width = Math.max(...shown.providers.map((provider) => `${provider.label} ${provider.name}`.length));
  for (const provider of shown.providers) {
    const sentAs = provider.parameter === null ? 'takes none' : `as ${provider.parameter}`;
    const cut = provider.parameter !== null && provider.note !== null ? `; ${provider.note}` : '';
    console.log(`${`${provider.label} ${provider.name}`.padEnd(width)}  ${sentAs}${cut}`);
  }
}

function printChange(whose: string, shown: ShownVocabulary): void {
  const count = shown.terms.length;
  console.log(`${whose} has ${count === 0 ? 'no terms' : count === 1 ? '1 term' : `${count} terms`}.`);
  for (const provider of shown.providers) {
    if (provider.parameter !== null && provider.note !== null) console.log(provider.note);
  }
}
