import { publicListingsPath } from '@app/contract';

/**
 * A self-contained snippet for the owner's own site: it fetches the public listings and renders
 * them as cards. Text is inserted with textContent, never as HTML, so listing text cannot inject
 * markup into the host page.
 */
export function embedSnippet(origin: string, businessId: string): string {
  const url = `${origin}${publicListingsPath(businessId)}`;
  return `<div id="listings-${businessId}"></div>
<script>
(async () => {
  const root = document.getElementById('listings-${businessId}');
  const reply = await fetch('${url}').then((r) => r.json());
  for (const item of reply.listings || []) {
    const card = document.createElement('article');
    card.style.cssText = 'border:1px solid #ddd;border-radius:8px;padding:12px;margin:8px 0';
    if (item.thumbnailUrl) {
      const img = document.createElement('img');
      img.src = item.thumbnailUrl; img.alt = item.address; img.style.maxWidth = '240px';
      card.append(img);
    }
    const title = document.createElement('h3');
    title.textContent = item.address + ' — $' + item.price.toLocaleString();
    const meta = document.createElement('p');
    meta.textContent = [item.kind, item.status, item.state, item.country].filter(Boolean).join(' · ');
    card.append(title, meta);
    root.append(card);
  }
})();
</script>`;
}
