import {
  DEVICE_POLICY_SAVED_MESSAGE,
  DEVICE_RELEASED_MESSAGE,
  KEY_MANAGER_PATHS,
  OWNER_DEVICES_PATHS,
  ZDevicePolicyResponse,
  ZGetDevicesRequest,
  ZGetDevicesResponse,
  ZListDevicesRequest,
  ZListDevicesResponse,
  ZOkResponse,
  ZReleaseDeviceRequest,
  ZSetDevicePolicyRequest,
  ZSetKeyDevicePolicyRequest,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../app-deps.js';
import { changes } from '../../../platform/audit/changes.js';
import { currentAccount } from '../../../platform/auth/guard.js';
import { dashboardContext } from '../dashboard-context.js';
import { auditDashboardAction } from '../key-audit.js';
import type { DevicePolicies } from './device-policies.js';
import type { Devices } from './devices.js';
import { ownerDevicePage } from './owner-devices.js';

const tags = ['key-manager dashboard'];
const security = [{ accessToken: [] }];
const zEmptyBody = z.strictObject({}).optional();

/** Dashboard routes of devices and device policies (decision 023): the signed-in owner's keys only. */
export const deviceRoutes =
  (deps: AppDeps, devices: Devices, policies: DevicePolicies): FastifyPluginAsyncZod =>
  async (app) => {
    const read = deps.guards.requireAccess('keyManager', 'read');
    const write = deps.guards.requireAccess('keyManager', 'write');
    const route = (summary: string) => ({ tags, security, summary });

    app.post(
      KEY_MANAGER_PATHS.getDevices,
      {
        preHandler: read,
        schema: {
          ...route('A key’s devices (most recently seen first) and device rules'),
          body: ZGetDevicesRequest,
          response: { 200: ZGetDevicesResponse },
        },
      },
      async (request) => {
        const { keyId, limit, cursor } = request.body;
        const page = await devices.page(currentAccount(request).id, keyId, limit, cursor);
        return { status: 'ok' as const, ...page };
      },
    );

    app.post(
      OWNER_DEVICES_PATHS.listDevices,
      {
        preHandler: read,
        schema: {
          ...route('Every device of the owner’s keys (most recently seen first), by product, key and status'),
          body: ZListDevicesRequest,
          response: { 200: ZListDevicesResponse },
        },
      },
      async (request) => {
        const page = await ownerDevicePage(
          deps.database.db,
          currentAccount(request).id,
          request.body,
          deps.clock.now(),
        );
        return { status: 'ok' as const, ...page };
      },
    );

    app.post(
      KEY_MANAGER_PATHS.releaseDevice,
      {
        preHandler: write,
        schema: {
          ...route('Release a device: free its activation'),
          body: ZReleaseDeviceRequest,
          response: { 200: ZOkResponse },
        },
      },
      async (request) => {
        const ctx = dashboardContext(request);
        await devices.release(ctx.ownerId, request.body.keyId, request.body.deviceId, ctx);
        return { status: 'ok' as const, message: DEVICE_RELEASED_MESSAGE };
      },
    );

    app.post(
      KEY_MANAGER_PATHS.getDevicePolicy,
      {
        preHandler: read,
        schema: {
          ...route('The owner’s device policy (defaults of every key)'),
          body: zEmptyBody,
          response: { 200: ZDevicePolicyResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        policy: await policies.ofOwner(currentAccount(request).id),
      }),
    );

    app.post(
      KEY_MANAGER_PATHS.setDevicePolicy,
      {
        preHandler: write,
        schema: {
          ...route('Set the owner’s device policy'),
          body: ZSetDevicePolicyRequest,
          response: { 200: ZDevicePolicyResponse.extend({ message: z.string() }) },
        },
      },
      async (request) => {
        const ownerId = currentAccount(request).id;
        const before = await policies.ofOwner(ownerId);
        const policy = await policies.setOwner(ownerId, request.body);
        // The audit log (decision 037): the policy's changed fields, after the store's own statement.
        const changed = changes({ ...before }, { ...policy });
        if (changed) {
          await auditDashboardAction(deps.database.db, request, {
            action: 'device_policy.changed',
            target: null,
            ...changed,
          });
        }
        return { status: 'ok' as const, message: DEVICE_POLICY_SAVED_MESSAGE, policy };
      },
    );

    app.post(
      KEY_MANAGER_PATHS.setKeyDevicePolicy,
      {
        preHandler: write,
        schema: {
          ...route('Set one key’s device rules (null: the owner’s policy)'),
          body: ZSetKeyDevicePolicyRequest,
          response: { 200: ZOkResponse },
        },
      },
      async (request) => {
        const { keyId, ...policy } = request.body;
        await policies.setKey(currentAccount(request).id, keyId, policy);
        await auditDashboardAction(deps.database.db, request, {
          action: 'device_policy.changed',
          target: null,
          after: { ...policy },
          detail: { keyId },
        });
        return { status: 'ok' as const, message: DEVICE_POLICY_SAVED_MESSAGE };
      },
    );
  };
