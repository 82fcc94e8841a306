import type { CSSProperties, ElementType, ReactNode } from 'react';
import classes from './card-grid.module.css';

interface Columns {
  base?: number;
  sm?: number;
  md?: number;
  lg?: number;
}

interface CardGridProps {
  cols: Columns;
  spacing?: 'md' | 'xl';
  component?: ElementType;
  children: ReactNode;
  className?: string;
  /** Names the list, for a grid that is one (component "ul" or "ol"). */
  label?: string;
}

/** A responsive grid in plain CSS: columns per Mantine breakpoint, each falling back to the one below. */
export function CardGrid({ cols, spacing = 'md', component: Element = 'div', children, className, label }: CardGridProps) {
  const base = cols.base ?? 1;
  const sm = cols.sm ?? base;
  const md = cols.md ?? sm;
  const lg = cols.lg ?? md;
  const style = { '--cols': base, '--cols-sm': sm, '--cols-md': md, '--cols-lg': lg, '--gap': `var(--mantine-spacing-${spacing})` } as CSSProperties;
  return (
    <Element className={[classes.grid, className].filter(Boolean).join(' ')} style={style} aria-label={label}>
      {children}
    </Element>
  );
}
