import { PORTAL_STRINGS, type PortalLicence, portalText } from '@app/contract';
import { entitlementsText, portalDate } from '../portal-format';

/** Key, expiry, entitlements and devices in use of one licence, as a description list. */
export function LicenceFacts({ licence }: { licence: PortalLicence }) {
  const facts: [string, string, string?][] = [
    [PORTAL_STRINGS.keyColumn, licence.key, 'font-monospace text-break'],
    [
      PORTAL_STRINGS.expiresLabel,
      licence.expiresAt ? portalDate(licence.expiresAt) : PORTAL_STRINGS.neverExpires,
    ],
    [PORTAL_STRINGS.entitlementsLabel, entitlementsText(licence.entitlements), 'text-break'],
    [
      PORTAL_STRINGS.activationsLabel,
      portalText('activationsCount', { used: licence.activations, max: licence.maxActivations }),
    ],
  ];
  return (
    <dl className="row mb-0">
      {facts.map(([term, value, className]) => (
        <div key={term} className="col-12 col-md-6 d-flex flex-wrap gap-2 mb-1">
          <dt className="fw-semibold">{term}</dt>
          <dd className={['mb-0', className].filter(Boolean).join(' ')}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
