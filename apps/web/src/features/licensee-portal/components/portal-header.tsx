import { type PortalFace, portalText } from '@app/contract';

/** The owner's logo and display name: the page is theirs, not our site's (no site bar, no site sign-in). */
export function PortalHeader({ face }: { face: PortalFace }) {
  return (
    <header className="bg-white border-bottom">
      <div className="container py-3 d-flex align-items-center gap-3" style={{ maxWidth: 960 }}>
        {face.logoUrl && (
          <img
            src={face.logoUrl}
            alt={portalText('logoAlt', { portal: face.displayName })}
            height={48}
            style={{ maxWidth: 160, objectFit: 'contain' }}
          />
        )}
        <h1 className="h4 mb-0 text-break">{face.displayName}</h1>
      </div>
    </header>
  );
}
