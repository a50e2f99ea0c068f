import { PORTAL_STRINGS, type PortalDevice } from '@app/contract';

/** What a device is called on the page: its name, or the strings' "Unnamed device". */
export const deviceName = (device: Pick<PortalDevice, 'name'>) =>
  device.name?.trim() || PORTAL_STRINGS.unnamedDevice;
