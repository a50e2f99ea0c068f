import {
  KEY_MANAGER_PATHS,
  LICENSE_PATHS,
  PAGE_LIMIT_MAX,
  ZGenerateApiKeyResponse,
  ZGetApiKeysResponse,
  ZKeyManagerDataResponse,
  ZSigningKeysResponse,
} from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { JAR_URL } from './content/library';

export interface JarInfo {
  sizeBytes: number | null;
}

/** Checks that the jar is published (HEAD on the media area) and reads its size for the card. */
export async function fetchJarInfo(): Promise<JarInfo> {
  const response = await fetch(JAR_URL, { method: 'HEAD' });
  if (!response.ok) throw new Error('The Java library download is not available right now. Try again later.');
  const length = response.headers.get('content-length');
  return { sizeBytes: length ? Number(length) : null };
}

export function useJarInfo() {
  return useQuery({ queryKey: ['developer-docs', 'jar'], queryFn: fetchJarInfo, staleTime: 5 * 60_000 });
}

const ACCOUNT = ['developer-docs', 'account'] as const;
/** The publishable key created on a docs page, kept for this tab's visit (never stored). */
const CREATED_KEY = [...ACCOUNT, 'created-publishable-key'] as const;
/** The name the docs give the publishable key they create, so the API tab shows where it came from. */
export const EXAMPLES_KEY_NAME = 'Documentation examples';

/**
 * What the docs need to fill the reader's keys into the examples: whether they have a Key Manager
 * plan, their publishable keys (masked: stored keys are hashed), their licence public keys, and a
 * publishable key created here. Nothing is asked while signed out.
 */
export function useAccountKeys(signedIn: boolean) {
  const plan = useQuery({
    queryKey: [...ACCOUNT, 'plan'],
    enabled: signedIn,
    queryFn: ({ signal }) =>
      apiRequest(KEY_MANAGER_PATHS.data, { body: {}, schema: ZKeyManagerDataResponse, signal }),
  });
  const planActivated = signedIn && plan.data?.planActivated === true;
  const apiKeys = useQuery({
    queryKey: [...ACCOUNT, 'api-keys'],
    enabled: planActivated,
    queryFn: ({ signal }) =>
      apiRequest(KEY_MANAGER_PATHS.getApiKeys, {
        body: { limit: PAGE_LIMIT_MAX },
        schema: ZGetApiKeysResponse,
        signal,
      }),
  });
  // Only with a plan: the first read creates the account's signing key.
  const signingKeys = useQuery({
    queryKey: [...ACCOUNT, 'signing-keys'],
    enabled: planActivated,
    queryFn: ({ signal }) => apiRequest(LICENSE_PATHS.signingKeys, { schema: ZSigningKeysResponse, signal }),
  });
  const created = useQuery<string | null>({
    queryKey: CREATED_KEY,
    queryFn: () => null,
    enabled: signedIn,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  return { plan, planActivated, apiKeys, signingKeys, createdKey: created.data ?? null };
}

/** Creates a publishable key for the examples; its full value is kept in the query cache for this visit. */
export function useCreateExamplesKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(KEY_MANAGER_PATHS.generateApiKey, {
        body: { name: EXAMPLES_KEY_NAME, type: 'publishable' },
        schema: ZGenerateApiKeyResponse,
      }),
    onSuccess: (reply) => {
      client.setQueryData(CREATED_KEY, reply.key);
      return client.invalidateQueries({ queryKey: [...ACCOUNT, 'api-keys'] });
    },
  });
}
