import { PORTAL_STRINGS, type PortalFace } from '@app/contract';
import { withSlots } from './portal-sentence';

/** The owner's support contact, at the foot of every state of the page. */
export function PortalSupport({ face }: { face: PortalFace }) {
  const email = face.supportEmail ? <a href={`mailto:${face.supportEmail}`}>{face.supportEmail}</a> : null;
  const page = face.supportUrl ? (
    <a href={face.supportUrl} target="_blank" rel="noopener noreferrer">
      {PORTAL_STRINGS.supportPage}
    </a>
  ) : null;
  const contact = email && page ? withSlots(PORTAL_STRINGS.supportEither, { email, page }) : (email ?? page);
  if (!contact) return null;
  return (
    <footer className="border-top bg-white mt-auto">
      <p className="container py-3 mb-0 small text-break" style={{ maxWidth: 960 }}>
        {withSlots(PORTAL_STRINGS.support, { contact })}
      </p>
    </footer>
  );
}
