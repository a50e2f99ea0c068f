import { QueryState } from '../../../components/query-state';
import { useAreaAccess } from '../../../lib/account-context';
import { PortalAddressCard } from './portal-address-card';
import { usePortalSettings } from './portal-owner-api';
import { PortalSettingsCard } from './portal-settings-card';
import { PortalSignInsCard } from './portal-sign-ins-card';

/**
 * The Key Manager's Portal tab (decision 036): the licensee portal's address and links, its settings,
 * and who signed in to it. Members whose role cannot write the Key Manager see it read-only.
 */
export function PortalTab() {
  const settings = usePortalSettings();
  const readOnly = useAreaAccess('keyManager', 'write') === false;
  if (!settings.data) {
    return (
      <QueryState isPending={settings.isPending} error={settings.error} onRetry={() => settings.refetch()} />
    );
  }
  return (
    <>
      <PortalAddressCard settings={settings.data} />
      <PortalSettingsCard settings={settings.data} readOnly={readOnly} />
      <PortalSignInsCard />
    </>
  );
}
