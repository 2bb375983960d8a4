import { z } from 'zod';

import { sessionStatuses, type SessionQuery } from '../store/records.ts';
import { typedWords } from '../store/sessionWords.ts';

const wholeNumber = /^[0-9]+$/;

/** Enough to recognise a mistyped value without reflecting a whole crafted string back. */
const maximumEchoedLength = 40;

/** Bounds on a word search, so one request cannot ask the index for hundreds of words. */
const longestWordSearch = 200;
const mostWords = 12;

/**
 * The query of `GET /sessions`. Values arrive as strings; numbers must be plain digits, because
 * lenient parsing (parseInt, Number) turns "1.5", "1e3", " 7" and "" into something the client
 * did not mean. Each description doubles as the 400 message and as the OpenAPI description.
 */
export const sessionListQuerySchema = z.object({
  limit: z
    .string()
    .regex(wholeNumber)
    .transform(Number)
    .pipe(z.int().min(1).max(100))
    .default(20)
    .meta({ description: 'Maximum number of sessions to return: a whole number from 1 to 100; default 20.' }),
  offset: z
    .string()
    .regex(wholeNumber)
    .transform(Number)
    .pipe(z.int().min(0))
    .default(0)
    .meta({ description: 'Number of matching sessions to skip: a whole number, 0 or more; default 0.' }),
  status: z
    .enum(sessionStatuses)
    .optional()
    .meta({ description: `Only sessions with this status: one of ${sessionStatuses.join(', ')}.` }),
  topicId: z
    .string()
    .min(1)
    .optional()
    .meta({ description: 'Only sessions of this topic: a non-empty topic id.' }),
  tagId: z
    .string()
    .min(1)
    .optional()
    .meta({ description: 'Only sessions with this tag: a non-empty tag id.' }),
  search: z
    .string()
    .trim()
    .optional()
    .meta({
      description:
        'Case-insensitive text to find in the title or the transcript; surrounding spaces are ignored ' +
        'and an empty value matches every session.',
    }),
  words: z
    .string()
    .trim()
    .max(longestWordSearch, `At most ${longestWordSearch} characters: keep the words that matter most.`)
    .refine(
      (text) => text === '' || typedWords(text).length > 0,
      'Give at least one word with a letter or digit.',
    )
    .refine(
      (text) => typedWords(text).length <= mostWords,
      `At most ${mostWords} words: keep the words that matter most.`,
    )
    .optional()
    .meta({
      description:
        'Words to find, all of them, in any order, ignoring case and accents ("ecole" finds "École"), ' +
        "in the title, the transcript, the speakers' names or the AI summary; a word also finds the " +
        `words it begins ("refactor" finds "refactoring"). At least one letter or digit, at most ${mostWords} ` +
        `words and ${longestWordSearch} characters; an empty value matches every session.`,
    }),
});

export type SessionListQueryResult =
  | { ok: true; query: SessionQuery }
  /** `message` names the first wrong parameter; `fields` holds the rule of every wrong one. */
  | { ok: false; message: string; fields: Record<string, string> };

const parameterNames = Object.keys(sessionListQuerySchema.shape) as Array<
  keyof typeof sessionListQuerySchema.shape
>;

/** Unknown parameters are ignored so clients can add tracking or cache-busting parameters. */
export function parseSessionListQuery(parameters: URLSearchParams): SessionListQueryResult {
  const single: Record<string, string> = {};
  for (const name of parameterNames) {
    const values = parameters.getAll(name);
    if (values.length > 1) {
      return {
        ok: false,
        message: `Query parameter "${name}" was given ${values.length} times; give it once.`,
        fields: { [name]: 'Give it once.' },
      };
    }
    if (values[0] !== undefined) single[name] = values[0];
  }
  const parsed = sessionListQuerySchema.safeParse(single);
  if (!parsed.success) {
    const names = parsed.error.issues.map((issue) => issue.path[0] as (typeof parameterNames)[number]);
    const ruleOf = (name: (typeof parameterNames)[number]) =>
      sessionListQuerySchema.shape[name].description ?? '';
    // A failed parse has at least one issue; the fallback only satisfies the type.
    const first = names[0] ?? 'limit';
    const given = JSON.stringify((single[first] ?? '').slice(0, maximumEchoedLength));
    return {
      ok: false,
      message: `Query parameter "${first}" cannot be ${given}. ${ruleOf(first)}`.trim(),
      fields: Object.fromEntries(names.map((name) => [name, ruleOf(name)])),
    };
  }
  const { limit, offset, status, topicId, tagId, search, words } = parsed.data;
  return {
    ok: true,
    query: {
      limit,
      offset,
      ...(status === undefined ? {} : { status }),
      ...(topicId === undefined ? {} : { topicId }),
      ...(tagId === undefined ? {} : { tagId }),
      ...(search === undefined || search === '' ? {} : { search }),
      ...(words === undefined || words === '' ? {} : { words }),
    },
  };
}
