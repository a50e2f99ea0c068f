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
  return `<!doctype html>
<html><body style="margin:0;padding:24px;background:#f4f5f7;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;font-size:15px;line-height:1.5;color:#1f2328">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px">
<div style="font-weight:600;font-size:17px;margin-bottom:16px">${escapeHtml(brandName)}</div>
${paragraphs}
</div></body></html>`;
}

function linkify(text: string): string {
  return text
    .split(URL_PATTERN)
    .map((part, index) =>
      index % 2 === 1
        ? `<a href="${escapeHtml(part)}" style="color:#0d6efd">${escapeHtml(part)}</a>`
        : escapeHtml(part),
    )
    .join('');
}
