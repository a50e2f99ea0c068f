import {
  PORTAL_OWNER_PATHS,
  type PortalSettingsRequest,
  type PortalSettingsResponse,
  ZPortalSettingsResponse,
  ZPortalSignInsResponse,
} from '@app/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiUpload } from '../../../lib/api-upload';
import { withQuery } from '../../../lib/with-query';

const PORTAL = ['key-manager', 'portal'] as const;
const SETTINGS = [...PORTAL, 'settings'] as const;
const signInsKey = (cursor: string | undefined) => [...PORTAL, 'sign-ins', cursor] as const;

/** The owner's portal settings (defaults and a suggested handle until first saved). */
export function usePortalSettings() {
  return useQuery({
    queryKey: SETTINGS,
    queryFn: ({ signal }) =>
      apiRequest(PORTAL_OWNER_PATHS.settings, { schema: ZPortalSettingsResponse, signal }),
    select: (reply) => reply.settings,
  });
}

function useSettingsMutation<T>(call: (input: T) => Promise<PortalSettingsResponse>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (reply) => client.setQueryData(SETTINGS, reply),
  });
}

export const useSavePortalSettings = () =>
  useSettingsMutation((body: PortalSettingsRequest) =>
    apiRequest(PORTAL_OWNER_PATHS.settings, { method: 'PUT', body, schema: ZPortalSettingsResponse }),
  );

/** The logo goes up through the app's one upload path, reporting its progress. */
export const useUploadPortalLogo = () =>
  useSettingsMutation(({ file, onProgress }: { file: File; onProgress: (percent: number) => void }) => {
    const form = new FormData();
    form.set('logo', file);
    return apiUpload(PORTAL_OWNER_PATHS.logo, form, {
      method: 'PUT',
      schema: ZPortalSettingsResponse,
      onProgress,
    });
  });

export const useRemovePortalLogo = () =>
  useSettingsMutation(() =>
    apiRequest(PORTAL_OWNER_PATHS.logo, { method: 'DELETE', schema: ZPortalSettingsResponse }),
  );

/** Portal sign-ins, newest first, one keyset page at a time. */
export function usePortalSignIns(cursor: string | undefined) {
  return useQuery({
    queryKey: signInsKey(cursor),
    queryFn: ({ signal }) =>
      apiRequest(withQuery(PORTAL_OWNER_PATHS.signIns, { cursor }), {
        schema: ZPortalSignInsResponse,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
