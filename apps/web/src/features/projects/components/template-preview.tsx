import type { DesignTemplate } from '@app/contract';

/** A drawn thumbnail of a template's layout in its palette, so the gallery needs no image files. */
export function TemplatePreview({ template }: { template: DesignTemplate }) {
  const [primary, accent, background] = template.colors;
  return (
    <svg viewBox="0 0 160 100" role="img" aria-label={`${template.name} preview`} className="w-100 d-block">
      <rect width="160" height="100" fill={background} />
      <rect width="160" height="14" fill={primary} />
      <rect x="8" y="22" width="84" height="10" rx="2" fill={primary} opacity="0.85" />
      <rect x="8" y="36" width="60" height="6" rx="2" fill={accent} />
      <rect x="104" y="22" width="48" height="34" rx="4" fill={accent} />
      {[0, 1, 2].map((i) => (
        <rect
          key={i}
          x={8 + i * 50}
          y="64"
          width="44"
          height="28"
          rx="3"
          fill={primary}
          opacity={0.25 + i * 0.2}
        />
      ))}
    </svg>
  );
}
