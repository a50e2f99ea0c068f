import { describe, expect, it } from 'vitest';
import { completeLines } from './api-progress';

describe('completeLines', () => {
  it('reads only complete lines and says where the next one starts', () => {
    const text = '{"a":1}\n{"b":2}\n{"c":';
    const first = completeLines(text, 0);
    expect(first).toEqual({ values: [{ a: 1 }, { b: 2 }], next: 16 });
    // The rest of the third line arrives: it is read from where the last call stopped.
    const more = `${text}3}\n`;
    expect(completeLines(more, first.next)).toEqual({ values: [{ c: 3 }], next: more.length });
    expect(completeLines(more, more.length)).toEqual({ values: [], next: more.length });
  });
});
