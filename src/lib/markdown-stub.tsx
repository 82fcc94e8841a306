import type { ReactNode } from 'react';

/**
 * Stands in for markdown-to-jsx, which RJSF imports for markdown descriptions. The forms here use
 * plain-text descriptions, and the real parser would add about 30 KB gzip to every form page.
 */
export function Markdown({ children }: { children?: ReactNode }) {
  return <>{children}</>;
}
