import { describe, expect, it } from 'vitest';
import { brandedMailHtml, htmlBodyFromText } from './mail-html.js';

describe('mail HTML', () => {
  it('escapes text, keeps paragraphs and makes URLs links', () => {
    const html = htmlBodyFromText('Hello <b>you</b>\n\nOpen https://site.example/a?x=1&y=2 now.');
    expect(html).toContain('Hello &lt;b&gt;you&lt;/b&gt;');
    expect(html).toContain('<a href="https://site.example/a?x=1&amp;y=2"');
    expect(html.match(/<p /g)).toHaveLength(2);
  });

  it('frames a body in the branded template with the brand escaped', () => {
    const html = brandedMailHtml('<p>Body</p>', 'Brand & Co');
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('>Brand &amp; Co</div>');
    expect(html).toContain('<p>Body</p>');
  });
});
