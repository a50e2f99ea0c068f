import { describe, expect, it } from 'vitest';
import { htmlFromText } from './mail-html.js';

describe('htmlFromText', () => {
  it('escapes text, keeps paragraphs and makes URLs links', () => {
    const html = htmlFromText('Hello <b>you</b>\n\nOpen https://site.example/a?x=1&y=2 now.', 'Brand & Co');
    expect(html).toContain('Hello &lt;b&gt;you&lt;/b&gt;');
    expect(html).toContain('<a href="https://site.example/a?x=1&amp;y=2"');
    expect(html).toContain('Brand &amp; Co');
    expect(html.match(/<p /g)).toHaveLength(2);
  });
});
