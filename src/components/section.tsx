import { Container, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import classes from './section.module.css';

interface SectionProps {
  title: string;
  intro?: string;
  id?: string;
  tone?: 'plain' | 'tinted';
  children: ReactNode;
}

/** A titled page section; its h2 labels the region for screen readers. */
export function Section({ title, intro, id, tone = 'plain', children }: SectionProps) {
  const headingId = useId();
  return (
    <section id={id} aria-labelledby={headingId} className={tone === 'tinted' ? classes.tinted : classes.plain}>
      <Container size="lg">
        <Stack gap="xs" mb="xl">
          <Title order={2} id={headingId}>
            {title}
          </Title>
          {intro && (
            <Text c="dimmed" size="lg" maw={720}>
              {intro}
            </Text>
          )}
        </Stack>
        {children}
      </Container>
    </section>
  );
}
