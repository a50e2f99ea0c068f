import {
  type DeviceStatus,
  type ListDevicesRequest,
  OWNER_DEVICES_PATHS,
  ZListDevicesResponse,
} from '@app/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { LIST_POLL_MS } from './api';

/** Under the feature's key, so a release anywhere (or any Key Manager change) refreshes it. */
const OWNER_DEVICES = ['key-manager', 'devices', 'owner'] as const;
export const OWNER_DEVICES_PAGE = 50;

export interface OwnerDeviceQuery {
  productId: string;
  search: string;
  status: DeviceStatus | '';
  cursor: string | undefined;
}

/** One server page of the owner's devices across keys (list-devices), refreshed as the Keys list is. */
export function useOwnerDevicePage({ productId, search, status, cursor }: OwnerDeviceQuery) {
  const body: ListDevicesRequest = {
    limit: OWNER_DEVICES_PAGE,
    ...(productId ? { productId } : {}),
    ...(search ? { search } : {}),
    ...(status ? { status } : {}),
    ...(cursor ? { cursor } : {}),
  };
  return useQuery({
    queryKey: [...OWNER_DEVICES, body],
    queryFn: ({ signal }) =>
      apiRequest(OWNER_DEVICES_PATHS.listDevices, { body, schema: ZListDevicesResponse, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: LIST_POLL_MS,
    gcTime: 10_000,
  });
}
