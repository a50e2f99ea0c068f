import { describe, expect, it } from 'vitest';
import { embedSnippet } from './embed-snippet';

describe('embedSnippet', () => {
  it('points at the public listings of the business and never writes listing text as HTML', () => {
    const snippet = embedSnippet('https://crm.example', 'b1');
    expect(snippet).toContain("fetch('https://crm.example/api/business/public/b1/listings')");
    expect(snippet).toContain('id="listings-b1"');
    expect(snippet).toContain('textContent');
    expect(snippet).not.toContain('innerHTML');
  });
});
