import { describe, expect, it } from 'vitest';
import { storyPageRequest } from './paging.ts';

describe('story page sizes (spec §9)', () => {
  it('asks for 6 first, whatever is stored', () => {
    expect(storyPageRequest(true, 40, 0)).toEqual({ size: 6, callDB: false });
    expect(storyPageRequest(true, 0, 0)).toEqual({ size: 6, callDB: false });
  });
  it('asks for 10 from the stored pages while the stored count is at least 6 and not all loaded', () => {
    expect(storyPageRequest(false, 6, 5)).toEqual({ size: 10, callDB: true });
    expect(storyPageRequest(false, 30, 16)).toEqual({ size: 10, callDB: true });
  });
  it('asks for 4 fresh ones once the stored count is reached', () => {
    expect(storyPageRequest(false, 6, 6)).toEqual({ size: 4, callDB: false });
    expect(storyPageRequest(false, 8, 20)).toEqual({ size: 4, callDB: false });
  });
  it('asks for 6 when fewer than 6 are stored', () => {
    expect(storyPageRequest(false, 5, 0)).toEqual({ size: 6, callDB: false });
    expect(storyPageRequest(false, 0, 12)).toEqual({ size: 6, callDB: false });
  });
});
