// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createStore } from './store.ts';

describe('createStore', () => {
  it('gives components the current value and re-renders them on every set', () => {
    const store = createStore(1);
    const { result } = renderHook(() => store.use());
    expect(result.current).toBe(1);
    act(() => store.set(2));
    expect(result.current).toBe(2);
    expect(store.get()).toBe(2);
  });

  it('stops telling a component that has gone', () => {
    const store = createStore('a');
    const { result, unmount } = renderHook(() => store.use());
    unmount();
    act(() => store.set('b'));
    expect(result.current).toBe('a');
    expect(store.get()).toBe('b');
  });
});
