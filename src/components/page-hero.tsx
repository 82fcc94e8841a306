import { Container, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './page-hero.module.css';

interface PageHeroProps {
  eyebrow?: string;
  title: string;
  subtitle?: ReactNode;
  /** Buttons under the subtitle. */
  actions?: ReactNode;
  /** Content beside the text on wide screens (an illustration, a facts box). */
  aside?: ReactNode;
}

/** The top band of every page; its title is the page's only h1. */
export function PageHero({ eyebrow, title, subtitle, actions, aside }: PageHeroProps) {
  return (
    <section className={classes.hero} aria-labelledby="page-title">
      <Container size="lg" className={aside ? classes.split : undefined}>
        {/* Without a picture beside it, the text stands in the middle of wide screens rather than leave their right half empty. */}
        <Stack gap="md" maw={720} className={aside ? undefined : classes.centred}>
          {eyebrow && (
            <Text className={classes.eyebrow} fw={700} tt="uppercase" size="sm">
              {eyebrow}
            </Text>
          )}
          <Title order={1} id="page-title" className={classes.title} tabIndex={-1}>
            {title}
          </Title>
          {subtitle && (
            <Text size="lg" className={classes.subtitle}>
              {subtitle}
            </Text>
          )}
          {actions && (
            <Group gap="sm" className={classes.actions}>
              {actions}
            </Group>
          )}
        </Stack>
        {aside}
      </Container>
    </section>
  );
}
