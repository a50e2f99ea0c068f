import type { Property } from '@app/contract';

/** Case-insensitive match of every word against a listing's text fields (address, place, status…). */
export function matchesSearch(property: Property, query: string): boolean {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = [
    property.address,
    property.country,
    property.state,
    property.status,
    property.description,
    property.zoning ?? '',
    property.agent?.name ?? '',
    String(property.price),
  ]
    .join(' ')
    .toLowerCase();
  return words.every((word) => haystack.includes(word));
}
