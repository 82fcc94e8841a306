import { shell } from 'virtual:site-shell';

/** The keystone mark and the short name; the link around it carries the accessible name. */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <span style={{ display: 'flex', alignItems: 'center', gap: 10 }} aria-hidden="true">
      <svg width="34" height="34" viewBox="0 0 34 34">
        <rect width="34" height="34" rx="8" fill="#006b7e" />
        <path d="M9 25 12 9h10l3 16z" fill="#fff" />
        <path d="M14.5 9h5l-1 7h-3z" fill="#f59f00" />
      </svg>
      <span style={{ fontWeight: 800, fontSize: 18, color: inverted ? 'var(--mantine-color-white)' : 'var(--mantine-color-brand-9)' }}>{shell.site.shortName}</span>
    </span>
  );
}
