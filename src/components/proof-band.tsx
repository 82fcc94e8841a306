import { Container } from '@mantine/core';
import classes from './proof-band.module.css';

export interface Outcome {
  value: string;
  label: string;
}

/** A band of outcomes (figures a client can check), between a page's sections: proof, not promises. */
export function ProofBand({ label, outcomes }: { label: string; outcomes: Outcome[] }) {
  return (
    <section aria-label={label} className={classes.band}>
      <Container size="lg">
        <ul className={classes.list}>
          {outcomes.map((outcome) => (
            <li key={outcome.label} className={classes.item}>
              <span className={classes.value}>{outcome.value}</span>
              <span className={classes.label}>{outcome.label}</span>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
