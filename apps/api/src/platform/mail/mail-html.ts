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
 * The HTML part of a mail written as text: paragraphs at blank lines, line breaks kept, URLs as
 * links, in a plain branded frame. Every mail then has both parts, as mail clients expect.
 */
export function htmlFromText(text: string, brandName: string): string {
  const paragraphs = text
    .split(/\n{2,}/)
    .map((paragraph) => `<p style="margin:0 0 16px">${linkify(paragraph).replaceAll('\n', '<br>')}</p>`)
    .join('\n');
  return mailFrame(paragraphs, brandName);
}

/** The plain branded frame every HTML mail shares; `bodyHtml` must already be escaped. */
export function mailFrame(bodyHtml: string, brandName: string): string {
  return `<!doctype html>
<html><body style="margin:0;padding:24px;background:#f4f5f7;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;font-size:15px;line-height:1.5;color:#1f2328">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px">
<div style="font-weight:600;font-size:17px;margin-bottom:16px">${escapeHtml(brandName)}</div>
${bodyHtml}
</div></body></html>`;
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
