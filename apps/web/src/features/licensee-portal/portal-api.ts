import {
  PORTAL_PATHS,
  type PortalLicence,
  type PortalSession,
  portalPath,
  ZCheckoutLicenseResponse,
  ZOkResponse,
  ZPortalCodeResponse,
  ZPortalFace,
  ZPortalLicenceResponse,
  ZPortalLicencesResponse,
  ZPortalReleaseResponse,
  ZPortalSessionResponse,
} from '@app/contract';
import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client';
import { ApiError } from '../../lib/api-error';
import { saveBlob } from '../../lib/protected-file';
import { withQuery } from '../../lib/with-query';
import { portalCsrfHeaders } from './portal-csrf';

/** Which portal a call is for, and the CSRF token it proves itself with (portal-csrf.ts). */
export interface PortalCaller {
  handle: string;
  csrf: string | undefined;
}

const portalKey = (handle: string) => ['licensee-portal', handle] as const;
export const faceKey = (handle: string) => [...portalKey(handle), 'face'] as const;
export const sessionKey = (handle: string) => [...portalKey(handle), 'session'] as const;
const licencesKey = (handle: string) => [...portalKey(handle), 'licences'] as const;
const licenceKey = (handle: string, keyId: string) => [...portalKey(handle), 'licence', keyId] as const;

/**
 * A portal call through the app's one client: never our site's bearer token (`auth: false`, the
 * portal is a cookie session of the owner's customer), and the CSRF header on every write.
 */
function portalRequest<S extends z.ZodType>(
  path: string,
  options: {
    schema: S;
    csrf?: string | undefined;
    method?: 'GET' | 'POST' | 'DELETE';
    body?: unknown;
    signal?: AbortSignal;
  },
) {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  return apiRequest(path, {
    method,
    body: options.body,
    schema: options.schema,
    signal: options.signal,
    auth: false,
    headers: portalCsrfHeaders(method, options.csrf),
  });
}

/** The portal's face: name, logo, support, what it allows and the sign-in CSRF token. */
export function usePortalFace(handle: string) {
  return useQuery({
    queryKey: faceKey(handle),
    queryFn: ({ signal }) =>
      portalRequest(portalPath(PORTAL_PATHS.portal, handle), { schema: ZPortalFace, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Who is signed in to this portal; null when nobody is (401). */
export function usePortalSession(handle: string) {
  return useQuery({
    queryKey: sessionKey(handle),
    queryFn: async ({ signal }): Promise<PortalSession | null> => {
      try {
        const reply = await portalRequest(portalPath(PORTAL_PATHS.session, handle), {
          schema: ZPortalSessionResponse,
          signal,
        });
        return reply.session;
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
  });
}

/** A sign-in's reply names the session; the page shows the licences from it at once. */
function useSignedIn(handle: string) {
  const client = useQueryClient();
  return (reply: { session: PortalSession }) => client.setQueryData(sessionKey(handle), reply.session);
}

export function useRequestCode(caller: PortalCaller) {
  return useMutation({
    mutationFn: (email: string) =>
      portalRequest(portalPath(PORTAL_PATHS.requestCode, caller.handle), {
        body: { email },
        schema: ZPortalCodeResponse,
        csrf: caller.csrf,
      }),
  });
}

export function useVerifyCode(caller: PortalCaller) {
  const signedIn = useSignedIn(caller.handle);
  return useMutation({
    mutationFn: (body: { attemptId: string; code: string; fromLink?: boolean }) =>
      portalRequest(portalPath(PORTAL_PATHS.verifyCode, caller.handle), {
        body,
        schema: ZPortalSessionResponse,
        csrf: caller.csrf,
      }),
    onSuccess: signedIn,
  });
}

export function useKeySignIn(caller: PortalCaller) {
  const signedIn = useSignedIn(caller.handle);
  return useMutation({
    mutationFn: (licenseKey: string) =>
      portalRequest(portalPath(PORTAL_PATHS.keySignIn, caller.handle), {
        body: { licenseKey },
        schema: ZPortalSessionResponse,
        csrf: caller.csrf,
      }),
    onSuccess: signedIn,
  });
}

export function useSignOut(caller: PortalCaller) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      portalRequest(portalPath(PORTAL_PATHS.session, caller.handle), {
        method: 'DELETE',
        schema: ZOkResponse,
        csrf: caller.csrf,
      }),
    onSuccess: () => {
      client.removeQueries({ queryKey: licencesKey(caller.handle) });
      client.removeQueries({ queryKey: [...portalKey(caller.handle), 'licence'] });
      client.setQueryData(sessionKey(caller.handle), null);
    },
  });
}

/** A signed-in call refused because the session is gone (expired, or signed out in another tab). */
const endedSession = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * A signed-in call answered 401: the session ended (expired, or signed out in another tab). The page
 * then shows the sign-in forms again (and says why, portal-page.tsx).
 */
function useSessionEndWatch(handle: string, error: unknown) {
  const client = useQueryClient();
  useEffect(() => {
    if (endedSession(error)) client.setQueryData(sessionKey(handle), null);
  }, [client, handle, error]);
}

/** The licensee's licences (email sessions), a page at a time ("Show more"). */
export function usePortalLicences(handle: string) {
  const query = useInfiniteQuery({
    queryKey: licencesKey(handle),
    queryFn: ({ signal, pageParam }) =>
      portalRequest(withQuery(portalPath(PORTAL_PATHS.licences, handle), { cursor: pageParam }), {
        schema: ZPortalLicencesResponse,
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
  useSessionEndWatch(handle, query.error);
  return query;
}

/** One licence with its devices. */
export function usePortalLicence(handle: string, keyId: string) {
  const query = useQuery({
    queryKey: licenceKey(handle, keyId),
    queryFn: ({ signal }) =>
      portalRequest(portalPath(PORTAL_PATHS.licence, handle, keyId), {
        schema: ZPortalLicenceResponse,
        signal,
      }),
  });
  useSessionEndWatch(handle, query.error);
  return query;
}

/** Puts a licence the server sent back into the list's page that holds it. */
function replaceInList(
  data: InfiniteData<z.infer<typeof ZPortalLicencesResponse>> | undefined,
  licence: PortalLicence,
) {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      licences: page.licences.map((shown) => (shown.id === licence.id ? licence : shown)),
    })),
  };
}

export function useReleaseDevice(caller: PortalCaller, keyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (deviceId: string) =>
      portalRequest(portalPath(PORTAL_PATHS.releaseDevice, caller.handle, keyId, deviceId), {
        body: {},
        schema: ZPortalReleaseResponse,
        csrf: caller.csrf,
      }),
    onSuccess: (reply) => {
      client.setQueryData(licencesKey(caller.handle), (data: Parameters<typeof replaceInList>[0]) =>
        replaceInList(data, reply.licence),
      );
      return client.invalidateQueries({ queryKey: licenceKey(caller.handle, keyId) });
    },
    onError: (error) => {
      if (endedSession(error)) client.setQueryData(sessionKey(caller.handle), null);
    },
  });
}

/**
 * Downloads the device's offline certificate: a POST (the server signs a new one each time and
 * records it in the key's history), whose reply is saved as a file the app can read.
 */
export function useDownloadCertificate(caller: PortalCaller, licence: Pick<PortalLicence, 'id' | 'product'>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (deviceId: string) => {
      const reply = await portalRequest(
        portalPath(PORTAL_PATHS.certificate, caller.handle, licence.id, deviceId),
        {
          body: {},
          schema: ZCheckoutLicenseResponse,
          csrf: caller.csrf,
        },
      );
      const file = JSON.stringify({ certificate: reply.certificate, license: reply.license }, null, 2);
      saveBlob(new Blob([file], { type: 'application/json' }), `${licence.product.code}-licence.json`);
    },
    onError: (error) => {
      if (endedSession(error)) client.setQueryData(sessionKey(caller.handle), null);
    },
  });
}
