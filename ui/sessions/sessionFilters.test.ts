import { describe, expect, it } from 'vitest';
import { hashOf, routeFromHash } from '../app/route.ts';
import { noSessionFilters, sessionListPlace, sessionListRoute } from './sessionFilters.ts';

const placeOf = (hash: string) => sessionListPlace(routeFromHash(hash));

describe("the sessions list's place in the address", () => {
  it('is the plain list without filters on the first page', () => {
    expect(hashOf(sessionListRoute({ filters: noSessionFilters, offset: 0 }))).toBe('#/sessions');
    expect(placeOf('#/sessions')).toEqual({ filters: noSessionFilters, offset: 0 });
  });

  it('names the words, filters and page, and reads them back', () => {
    const place = {
      filters: {
        words: 'refactor & café',
        topicId: 'topic work',
        tagId: 'tag-1',
        status: 'completed' as const,
      },
      offset: 25,
    };
    const hash = hashOf(sessionListRoute(place));
    expect(hash).toBe(
      '#/sessions?words=refactor+%26+caf%C3%A9&topicId=topic+work&tagId=tag-1&status=completed&offset=25',
    );
    expect(placeOf(hash)).toEqual(place);
  });

  it('keeps the words without their surrounding spaces', () => {
    const hash = hashOf(
      sessionListRoute({ filters: { ...noSessionFilters, words: '  budget ' }, offset: 0 }),
    );
    expect(placeOf(hash).filters.words).toBe('budget');
  });

  it('reads what the list cannot use as "any" and the first page', () => {
    expect(placeOf('#/sessions?status=done&offset=-5')).toEqual({ filters: noSessionFilters, offset: 0 });
    expect(placeOf('#/sessions?offset=1.5').offset).toBe(0);
  });
});
