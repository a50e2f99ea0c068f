import { publicListingsPath } from '@app/contract';

/**
 * A self-contained snippet for the owner's own site: it fetches the public listings a page at a time
 * (the endpoint's keyset pages) and renders them as cards, with a "More listings" button while a
 * `nextCursor` remains. Text is inserted with textContent, never as HTML, so listing text cannot
 * inject markup into the host page.
 */
export function embedSnippet(origin: string, businessId: string): string {
  const url = `${origin}${publicListingsPath(businessId)}`;
  return `<div id="listings-${businessId}"></div>
<script>
(() => {
  const root = document.getElementById('listings-${businessId}');
  const more = document.createElement('button');
  more.type = 'button';
  more.textContent = 'More listings';
  more.hidden = true;
  let cursor = null;
  // The site's money format (apps/web/src/lib/money.ts): "$350,000.00".
  const price = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  const card = (item) => {
    const article = document.createElement('article');
    article.style.cssText = 'border:1px solid #ddd;border-radius:8px;padding:12px;margin:8px 0';
    if (item.thumbnailUrl) {
      const img = document.createElement('img');
      img.src = item.thumbnailUrl; img.alt = item.address; img.style.maxWidth = '240px';
      article.append(img);
    }
    const title = document.createElement('h3');
    title.textContent = item.address + ' — ' + price.format(item.price);
    const meta = document.createElement('p');
    meta.textContent = [item.kind, item.status, item.state, item.country].filter(Boolean).join(' · ');
    article.append(title, meta);
    return article;
  };
  const load = async () => {
    more.disabled = true;
    try {
      const page = cursor ? '?cursor=' + encodeURIComponent(cursor) : '';
      const reply = await fetch('${url}' + page).then((r) => r.json());
      for (const item of reply.listings || []) root.insertBefore(card(item), more);
      cursor = reply.nextCursor || null;
      more.hidden = !cursor;
    } catch (error) {
      console.warn('The listings could not be loaded; try again.', error);
    } finally {
      // A failed request leaves the button usable, so the visitor can try again.
      more.disabled = false;
    }
  };
  more.addEventListener('click', load);
  root.append(more);
  load();
})();
</script>`;
}
