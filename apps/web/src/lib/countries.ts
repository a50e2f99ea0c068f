import { BUSINESS_PATHS, ZCountriesResponse } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/**
 * The country list (ISO 3166, docs/product-contract.md §Calls, countries), for every form that asks for
 * a country: the listings' place and the card forms' billing address. Reference data: fetched once per
 * session.
 */
export const useCountries = () =>
  useQuery({
    queryKey: ['countries'],
    queryFn: ({ signal }) => apiRequest(BUSINESS_PATHS.countries, { schema: ZCountriesResponse, signal }),
    select: (reply) => reply.countries,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
