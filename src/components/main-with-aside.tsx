import type { ReactNode } from 'react';
import classes from './main-with-aside.module.css';

interface MainWithAsideProps {
  main: ReactNode;
  aside: ReactNode;
  /** More of the main column: beside the aside on wide screens, after it on narrow ones. */
  more?: ReactNode;
}

/**
 * A main column two thirds wide with an aside beside it; on narrow screens one column as wide as the
 * page, the aside after `main` (so a course's price and Sign Up come before its lesson list, not 2,000 px down).
 */
export function MainWithAside({ main, aside, more }: MainWithAsideProps) {
  return (
    <div className={classes.layout}>
      <div className={classes.main}>{main}</div>
      <div className={classes.aside}>{aside}</div>
      {more && <div className={classes.more}>{more}</div>}
    </div>
  );
}
