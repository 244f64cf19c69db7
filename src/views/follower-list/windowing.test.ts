import { describe, expect, it } from 'vitest';
import { ROW_HEIGHT, visibleRows } from './windowing.ts';

describe('visibleRows', () => {
  it('renders the screenful plus a margin, wherever the list is scrolled', () => {
    expect(visibleRows(0, 640, 10_000)).toEqual({ start: 0, end: 30 });
    expect(visibleRows(-ROW_HEIGHT * 500, 640, 10_000)).toEqual({ start: 490, end: 520 });
    expect(visibleRows(-ROW_HEIGHT * 9_995, 640, 10_000)).toEqual({ start: 9_985, end: 10_000 });
    expect(visibleRows(300, 640, 3)).toEqual({ start: 0, end: 3 });
  });
});
