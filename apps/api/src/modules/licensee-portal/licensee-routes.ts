import {
  PORTAL_CERTIFICATE_DAYS,
  PORTAL_PATHS,
  portalText,
  ZCheckoutLicenseResponse,
  ZFailedResponse,
  ZPortalLicenceResponse,
  ZPortalLicencesQuery,
  ZPortalLicencesResponse,
  ZPortalReleaseResponse,
} from '@app/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuditTrail } from '../../platform/audit/audit-trail.js';
import { AppError, codedError, notFound } from '../../platform/http/errors.js';
import type { CallContext, KeyManagerKit } from '../key-manager/index.js';
import { recordPortalAction } from './portal-audit.js';
import { portalCall, requireSession } from './portal-guard.js';
import type { PortalLicences } from './portal-licences.js';
import { portalFailures, tags } from './portal-routes.js';
import type { ActivePortalSession } from './portal-sessions.js';

const zLicenceParams = z.object({
  handle: z.string().max(100),
  keyId: z.uuid(portalText('licenceNotFound')),
});
const zDeviceParams = zLicenceParams.extend({ deviceId: z.uuid(portalText('deviceNotFound')) });

/** The key's history and `device.released` name the licensee (decision 036). */
function licenseeContext(
  request: FastifyRequest,
  ownerId: string,
  session: ActivePortalSession,
): CallContext {
  return {
    ownerId,
    ip: request.ip ?? null,
    userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
    actorName: session.email ? `Licensee ${session.email}` : 'Licensee (licence key)',
    licensee: { email: session.email },
  };
}

/** What a signed-in licensee does: list and open licences, release a device, download a certificate. */
export const licenseeRoutes =
  (licences: PortalLicences, kit: KeyManagerKit, audit: AuditTrail): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      PORTAL_PATHS.licences,
      {
        schema: {
          tags,
          summary: 'The signed-in licensee’s licences, newest first (email sessions only)',
          params: z.object({ handle: z.string().max(100) }),
          querystring: ZPortalLicencesQuery,
          response: { 200: ZPortalLicencesResponse, ...portalFailures },
        },
      },
      async (request) => {
        const session = requireSession(request);
        if (session.kind !== 'email' || !session.email) {
          throw codedError('portal_action_off', portalText('keySessionOnly'));
        }
        const { portal } = portalCall(request);
        const page = await licences.page(portal, session.email, request.query.limit, request.query.cursor);
        return { status: 'ok' as const, ...page };
      },
    );

    app.get(
      PORTAL_PATHS.licence,
      {
        schema: {
          tags,
          summary: 'One licence with its devices',
          params: zLicenceParams,
          response: { 200: ZPortalLicenceResponse, ...portalFailures },
        },
      },
      async (request) => {
        const session = requireSession(request);
        const licence = await licences.visible(portalCall(request).portal, session, request.params.keyId);
        return { status: 'ok' as const, licence, devices: await licences.devices(licence.id) };
      },
    );

    app.post(
      PORTAL_PATHS.releaseDevice,
      {
        schema: {
          tags,
          summary: 'Release a device: its slot becomes free (within the portal’s 30-day allowance)',
          params: zDeviceParams,
          response: {
            200: ZPortalReleaseResponse,
            ...portalFailures,
            // release_limit_reached carries when the next release fits.
            409: ZFailedResponse.extend({ nextReleaseAt: z.string().optional() }),
          },
        },
      },
      async (request) => {
        const session = requireSession(request);
        const { portal } = portalCall(request);
        const { keyId, deviceId } = request.params;
        await licences.visible(portal, session, keyId);
        const device = await licences.device(keyId, deviceId);
        if (!portal.allowRelease) throw codedError('portal_action_off', portalText('releaseOff'));
        // Counted under the key's lock, so two releases at once cannot both take the last one.
        await kit.devices.release(
          portal.ownerId,
          keyId,
          deviceId,
          licenseeContext(request, portal.ownerId, session),
          async (tx, id) => {
            const allowance = (await licences.allowances(tx, [id], portal)).get(id);
            if (allowance && allowance.left <= 0) throw releaseLimit(allowance.nextAt);
          },
        );
        const name = device.name ?? portalText('unnamedDevice');
        return {
          status: 'ok' as const,
          message: portalText('releaseDone', { device: name }),
          licence: await licences.visible(portal, session, keyId),
        };
      },
    );

    app.post(
      PORTAL_PATHS.certificate,
      {
        schema: {
          tags,
          summary: 'An offline certificate for a device of the licence, as a file download',
          description: `Lifetime ${PORTAL_CERTIFICATE_DAYS} days, never past the key's end; recorded in the key's history.`,
          params: zDeviceParams,
          response: { 200: ZCheckoutLicenseResponse, ...portalFailures, 409: ZFailedResponse },
        },
      },
      async (request, reply) => {
        const session = requireSession(request);
        const { portal } = portalCall(request);
        const { keyId, deviceId } = request.params;
        const licence = await licences.visible(portal, session, keyId);
        await licences.device(keyId, deviceId);
        if (!portal.allowCertificates) throw codedError('portal_action_off', portalText('certificatesOff'));
        const issued = await kit.certificates.forDevice(
          licenseeContext(request, portal.ownerId, session),
          keyId,
          deviceId,
          PORTAL_CERTIFICATE_DAYS * 86_400,
        );
        if (!issued) throw notFound(portalText('deviceNotFound'));
        await recordPortalAction(audit, request, session, 'portal.certificate_downloaded', licence.key, {
          keyId,
          deviceId,
        });
        reply.header('content-disposition', `attachment; filename="${licence.product.code}-licence.json"`);
        return { status: 'ok' as const, ...issued };
      },
    );
  };

/** 409 `release_limit_reached`, with the date in the sentence and in `details.nextReleaseAt`. */
function releaseLimit(nextAt: Date | null): AppError {
  const date = nextAt ? nextAt.toISOString().slice(0, 10) : '';
  return new AppError(
    409,
    portalText('releaseLimit', { date }),
    {},
    undefined,
    nextAt ? { nextReleaseAt: nextAt.toISOString() } : undefined,
    'release_limit_reached',
  );
}
