/** Icons for navbar buttons, inline SVG: emoji fonts are not everywhere, and this adds no request. */
export function NavIcon({ name }: { name: string }) {
  if (name !== 'chat') return null;
  return (
    <svg width="18" height="18" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true" focusable="false">
      <path d="M2 1a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2.5v2.5L8 13h6a2 2 0 0 0 2-2V3a2 2 0 0 0-2-2H2zm2 4h8v1H4V5zm0 3h6v1H4V8z" />
    </svg>
  );
}
