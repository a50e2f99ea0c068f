import type { PortalFace } from '@app/contract';
import { createContext, useContext } from 'react';
import type { PortalCaller } from './portal-api';

/** The portal on screen: its face (what it allows) and who calls it with which CSRF token. */
export interface PortalContextValue {
  face: PortalFace;
  caller: PortalCaller;
}

export const PortalContext = createContext<PortalContextValue | null>(null);

export function usePortal(): PortalContextValue {
  const portal = useContext(PortalContext);
  if (!portal) throw new Error('usePortal must be used inside the portal page');
  return portal;
}
