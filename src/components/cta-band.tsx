import { Container, Group, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import type { LinkSpec } from '../config/site-types';
import classes from './cta-band.module.css';
import { LinkButton } from './smart-link';

interface CtaBandProps {
  title: string;
  body: string;
  actions: LinkSpec[];
}

/** The closing call to action at the foot of a page. */
export function CtaBand({ title, body, actions }: CtaBandProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={classes.band}>
      <Container size="md">
        <Stack align="center" gap="md" ta="center">
          <Title order={2} id={headingId} c="white">
            {title}
          </Title>
          <Text size="lg" className={classes.body}>
            {body}
          </Text>
          <Group justify="center">
            {/* The first action is the one the band is for; any other is drawn second to it, not as its twin. */}
            {actions.map((action, index) => (
              <LinkButton key={action.label} to={action.to} size="lg" {...(index === 0 ? { color: 'yellow.4', c: 'dark.9' } : { variant: 'outline', color: 'white', c: 'white' })}>
                {action.label}
              </LinkButton>
            ))}
          </Group>
        </Stack>
      </Container>
    </section>
  );
}
