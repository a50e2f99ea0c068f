/**
 * A business type as people write it: the API names types as identifiers ("RealEstate",
 * docs/product-contract.md §Entities), shown as "Real estate". Words are split at capitals; acronyms
 * stay as they are, the first word is capitalised and the others lower case, so a type added later reads
 * right too.
 */
export function businessTypeLabel(type: string): string {
  // Only identifiers are rewritten; a type that is already words is shown as it is.
  if (!/^[A-Za-z0-9]+$/.test(type)) return type;
  const words = type.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g) ?? [type];
  return words
    .map((word, index) => {
      if (word.length > 1 && word === word.toUpperCase()) return word;
      return index === 0 ? word.charAt(0).toUpperCase() + word.slice(1).toLowerCase() : word.toLowerCase();
    })
    .join(' ');
}
