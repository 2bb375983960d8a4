import { describe, expect, it } from 'vitest';
import { canStepBack, canStepForward, followingLatest, heldAt, shownIndex, stepBy } from './playback.ts';

describe('playback over recorded steps', () => {
  it('follows the newest step as steps arrive', () => {
    expect(shownIndex(followingLatest, 3)).toBe(2);
    expect(shownIndex(followingLatest, 7)).toBe(6);
    expect(shownIndex(followingLatest, 0)).toBe(-1);
  });

  it('holds its step while new ones arrive', () => {
    expect(shownIndex(heldAt(1), 3)).toBe(1);
    expect(shownIndex(heldAt(1), 30)).toBe(1);
  });

  it('pauses when stepping, one step back from the newest', () => {
    expect(stepBy(followingLatest, 5, -1)).toEqual(heldAt(3));
    expect(stepBy(heldAt(3), 5, 1)).toEqual(heldAt(4));
  });

  it('stops at both ends', () => {
    expect(stepBy(heldAt(0), 5, -1)).toEqual(heldAt(0));
    expect(stepBy(heldAt(4), 5, 1)).toEqual(heldAt(4));
    expect(canStepBack(heldAt(0), 5)).toBe(false);
    expect(canStepForward(heldAt(0), 5)).toBe(true);
    expect(canStepForward(followingLatest, 5)).toBe(false);
    expect(canStepBack(followingLatest, 5)).toBe(true);
    expect(canStepBack(followingLatest, 0)).toBe(false);
    expect(stepBy(followingLatest, 0, -1)).toEqual(followingLatest);
  });

  it('keeps a held index inside fewer steps (a shorter path)', () => {
    expect(shownIndex(heldAt(9), 4)).toBe(3);
    expect(shownIndex(heldAt(-2), 4)).toBe(0);
  });
});
