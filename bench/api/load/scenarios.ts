import type { FixtureManifest } from '../fixture/fixtureManifest.ts';
import type { SearchTermName } from '../fixture/fixtureSpec.ts';

/** Which of the latency targets a scenario is held to. */
export type TargetKind = 'search' | 'list';

export interface Scenario {
  name: string;
  path: string;
  target?: TargetKind;
  /**
   * Throws unless `body` is the answer this request should get, so an error page or an empty
   * result is never benchmarked by mistake. Returns what it saw, for the report.
   */
  check(body: unknown): string;
}

interface HealthBody {
  status?: unknown;
}
interface ListBody {
  sessions?: unknown[];
  total?: unknown;
}
interface DetailBody {
  transcript?: unknown;
  segments?: unknown[];
}

/** The API's default page size, which the search scenarios use. */
const pageSize = 20;

/** The requests the issue asks to measure, each with what its answer must look like. */
export function loadScenarios(manifest: FixtureManifest): Scenario[] {
  const { parameters } = manifest;
  const search = (name: string, term: SearchTermName): Scenario => ({
    name,
    path: `/api/v1/sessions?search=${encodeURIComponent(manifest.searchTerms[term])}`,
    target: 'search',
    check: (body) =>
      expectPage(body, manifest.expectedMatches[term], Math.min(pageSize, manifest.expectedMatches[term])),
  });
  return [
    {
      name: 'health',
      path: '/api/v1/health',
      check(body) {
        const { status } = body as HealthBody;
        if (status !== 'ok') throw new Error(`status is ${JSON.stringify(status)}, not "ok"`);
        return 'status ok';
      },
    },
    {
      name: 'list page',
      path: `/api/v1/sessions?limit=${pageSize}&offset=100`,
      target: 'list',
      check: (body) => expectPage(body, parameters.sessionCount, pageSize),
    },
    search('search: rare word', 'marker'),
    search('search: common word', 'common'),
    search('search: 2 Han characters', 'chineseShort'),
    search('search: 3 Han characters', 'chineseLong'),
    {
      name: 'session detail',
      path: `/api/v1/sessions/${encodeURIComponent(manifest.detailSessionId)}`,
      check(body) {
        const { transcript, segments } = body as DetailBody;
        const minimumLength = parameters.segmentsPerSession * parameters.segmentLength * 0.8;
        if (typeof transcript !== 'string' || transcript.length < minimumLength) {
          throw new Error(
            `the transcript is not the ~${parameters.segmentsPerSession * parameters.segmentLength} characters built`,
          );
        }
        if (segments?.length !== parameters.segmentsPerSession) {
          throw new Error(`${segments?.length} segments instead of ${parameters.segmentsPerSession}`);
        }
        return `${segments.length} segments, ${transcript.length.toLocaleString('en-US')} characters`;
      },
    },
  ];
}

function expectPage(body: unknown, expectedTotal: number, expectedLength: number): string {
  const { sessions, total } = body as ListBody;
  if (total !== expectedTotal)
    throw new Error(`total is ${JSON.stringify(total)}, expected ${expectedTotal}`);
  if (sessions?.length !== expectedLength) {
    throw new Error(`the page holds ${sessions?.length ?? 'no'} sessions, expected ${expectedLength}`);
  }
  return `total ${total.toLocaleString('en-US')}`;
}
