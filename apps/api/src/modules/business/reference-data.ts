import type { Place } from '@app/contract';
import { allCountries } from 'country-region-data';

/**
 * Countries and their states come from the maintained `country-region-data` package (ISO 3166
 * codes and names), never typed by hand. A state's id is its code; where the package has no code
 * or repeats one within a country, the state's name is its id, so every id is unique.
 */
interface CountryEntry {
  country: Place;
  states: Place[];
}

const byCode = new Map<string, CountryEntry>(
  allCountries.map(([name, code, regions]) => {
    const counts = new Map<string, number>();
    for (const [, regionCode] of regions) counts.set(regionCode, (counts.get(regionCode) ?? 0) + 1);
    const states = regions.map(([regionName, regionCode]) => ({
      id: regionCode && counts.get(regionCode) === 1 ? regionCode : regionName,
      name: regionName,
    }));
    return [code, { country: { id: code, name }, states }];
  }),
);

const countries: Place[] = [...byCode.values()]
  .map((entry) => entry.country)
  .sort((a, b) => a.name.localeCompare(b.name));

export function listCountries(): Place[] {
  return countries;
}

/** The states of a country, or null for an unknown country code. */
export function listStates(countryCode: string): Place[] | null {
  return byCode.get(countryCode.toUpperCase())?.states ?? null;
}

export function countryName(code: string): string {
  return byCode.get(code)?.country.name ?? code;
}

export function stateName(countryCode: string, stateId: string): string {
  return byCode.get(countryCode)?.states.find((state) => state.id === stateId)?.name ?? stateId;
}

/**
 * Checks a listing's place: a known country, and one of its states when it has any.
 * Returns the normalised codes or a sentence saying what is wrong and the field it is about.
 */
export function checkPlace(
  countryCode: string,
  stateId: string | undefined,
): { country: string; state: string } | { error: string; field: 'country' | 'state' } {
  const entry = byCode.get(countryCode.toUpperCase());
  if (!entry) return { error: 'Choose a country from the list', field: 'country' };
  const wanted = stateId?.trim() ?? '';
  if (entry.states.length === 0) return { country: entry.country.id, state: '' };
  if (!wanted) return { error: 'State is required', field: 'state' };
  if (!entry.states.some((state) => state.id === wanted)) {
    return { error: 'Choose a state of the selected country', field: 'state' };
  }
  return { country: entry.country.id, state: wanted };
}
