import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useCursorPages } from './use-cursor-pages';

describe('useCursorPages', () => {
  it('walks forward and back through the cursors it was given', () => {
    const { result } = renderHook(() => useCursorPages(''));
    expect(result.current).toMatchObject({ cursor: undefined, page: 1 });
    act(() => result.current.next('c2'));
    act(() => result.current.next('c3'));
    expect(result.current).toMatchObject({ cursor: 'c3', page: 3 });
    act(() => result.current.previous());
    expect(result.current).toMatchObject({ cursor: 'c2', page: 2 });
    act(() => result.current.previous());
    act(() => result.current.previous());
    expect(result.current).toMatchObject({ cursor: undefined, page: 1 });
  });

  it('starts at page 1 on a new key, and again when an earlier key comes back', () => {
    const { result, rerender } = renderHook(({ key }) => useCursorPages(key), {
      initialProps: { key: 'shop' },
    });
    act(() => result.current.next('c2'));
    expect(result.current).toMatchObject({ cursor: 'c2', page: 2 });
    rerender({ key: 'shop cafe' });
    expect(result.current).toMatchObject({ cursor: undefined, page: 1 });
    // Back to the first search (a dialog closed and opened again): its old page 2 is not revived.
    rerender({ key: 'shop' });
    expect(result.current).toMatchObject({ cursor: undefined, page: 1 });
    act(() => result.current.next('d2'));
    expect(result.current).toMatchObject({ cursor: 'd2', page: 2 });
  });
});
