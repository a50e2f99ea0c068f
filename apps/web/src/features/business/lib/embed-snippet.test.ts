import { afterEach, describe, expect, it, vi } from 'vitest';
import { embedSnippet } from './embed-snippet';

const listing = (address: string) => ({
  address,
  price: 1000,
  kind: 'house',
  status: 'Available',
  state: 'California',
  country: 'United States',
  thumbnailUrl: null,
});

/** Puts the snippet on the page as a host site would and runs its script. */
function install(snippet: string) {
  const [markup = '', script = ''] = snippet.split('<script>');
  document.body.innerHTML = markup;
  new Function(script.replace('</script>', ''))();
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('embedSnippet', () => {
  it('points at the public listings of the business and never writes listing text as HTML', () => {
    const snippet = embedSnippet('https://crm.example', 'b1');
    expect(snippet).toContain("fetch('https://crm.example/api/business/public/b1/listings'");
    expect(snippet).toContain('id="listings-b1"');
    expect(snippet).toContain('textContent');
    expect(snippet).not.toContain('innerHTML');
  });

  it('shows the first page, then the next one from nextCursor when "More listings" is clicked', async () => {
    const fetched: string[] = [];
    const pages: Record<string, unknown> = {
      'https://crm.example/api/business/public/b1/listings': {
        listings: [listing('1 Elm <b>bold</b>'), listing('2 Elm')],
        nextCursor: 'c+1',
      },
      'https://crm.example/api/business/public/b1/listings?cursor=c%2B1': {
        listings: [listing('3 Elm')],
        nextCursor: null,
      },
    };
    vi.stubGlobal('fetch', async (url: string) => {
      fetched.push(url);
      return { json: async () => pages[url] };
    });
    install(embedSnippet('https://crm.example', 'b1'));
    const titles = () => [...document.querySelectorAll('h3')].map((title) => title.textContent);
    const more = () => document.querySelector('button') as HTMLButtonElement;

    await vi.waitFor(() => expect(titles()).toHaveLength(2));
    expect(titles()[0]).toBe('1 Elm <b>bold</b> — $1,000.00');
    expect(document.querySelector('b')).toBeNull();
    expect(more().hidden).toBe(false);

    more().click();
    await vi.waitFor(() => expect(titles()).toHaveLength(3));
    expect(titles()[2]).toBe('3 Elm — $1,000.00');
    expect(more().hidden).toBe(true);
    expect(fetched).toEqual(Object.keys(pages));
  });

  it('keeps "More listings" usable after a failed request, and the retry loads the page', async () => {
    let calls = 0;
    vi.stubGlobal('fetch', async (url: string) => {
      calls += 1;
      if (calls === 2) throw new TypeError('network down');
      return {
        json: async () =>
          url.includes('cursor=')
            ? { listings: [listing('2 Elm')], nextCursor: null }
            : { listings: [listing('1 Elm')], nextCursor: 'c1' },
      };
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    install(embedSnippet('https://crm.example', 'b1'));
    const more = () => document.querySelector('button') as HTMLButtonElement;
    await vi.waitFor(() => expect(more().hidden).toBe(false));
    more().click();
    await vi.waitFor(() => expect(calls).toBe(2));
    await vi.waitFor(() => expect(more().disabled).toBe(false));
    more().click();
    await vi.waitFor(() => expect(document.querySelectorAll('h3')).toHaveLength(2));
    expect(more().hidden).toBe(true);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
