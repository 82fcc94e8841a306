import classes from './pull-quote.module.css';

/** A sentence set large beside or between sections, with who said it. */
export function PullQuote({ text, by }: { text: string; by: string }) {
  return (
    <figure className={classes.figure}>
      <blockquote className={classes.quote}>{text}</blockquote>
      <figcaption className={classes.by}>{by}</figcaption>
    </figure>
  );
}
