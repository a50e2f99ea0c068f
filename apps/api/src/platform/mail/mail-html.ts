/** HTML escaping for text placed in mail HTML. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;

/**
 * The HTML content of a mail written as text: paragraphs at blank lines, line breaks kept, URLs as
 * links. The mailer frames it like every other mail (`brandedMailHtml`).
 */
export function htmlBodyFromText(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((paragraph) => mailParagraph(linkify(paragraph).replaceAll('\n', '<br>')))
    .join('\n');
}

/**
 * The one branded template of every mail the product sends (decision 018); only the mailer calls
 * it, so no mail goes out unstyled or in a second look. `bodyHtml` must already be escaped.
 */
export function brandedMailHtml(bodyHtml: string, brandName: string): string {
  return `<!doctype html>
<html><body style="margin:0;padding:24px;background:#f4f5f7;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;font-size:15px;line-height:1.5;color:#1f2328">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px">
<div style="font-weight:600;font-size:17px;margin-bottom:16px">${escapeHtml(brandName)}</div>
${bodyHtml}
</div></body></html>`;
}

/** A paragraph in mail HTML, spaced like the generated ones; `html` must already be escaped. */
export function mailParagraph(html: string): string {
  return `<p style="margin:0 0 16px">${html}</p>`;
}

/** A link in mail HTML, styled like the generated ones. */
export function mailLink(href: string, label: string): string {
  return `<a href="${escapeHtml(href)}" style="color:#0d6efd">${escapeHtml(label)}</a>`;
}

function linkify(text: string): string {
  return text
    .split(URL_PATTERN)
    .map((part, index) => (index % 2 === 1 ? mailLink(part, part) : escapeHtml(part)))
    .join('');
}
