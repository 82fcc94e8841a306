import { Card, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import type { IconName, SitePath } from '../config/site-types';
import classes from './feature-card.module.css';
import { Icon } from './icon';
import { LinkButton } from './smart-link';

interface FeatureCardProps {
  title: string;
  description: string;
  icon?: IconName;
  headingLevel?: 3 | 4;
  /** A Learn More button to the page this card summarises. */
  learnMore?: SitePath;
  /** The title is the link to the page this card summarises, and the whole card its target (no button). */
  to?: SitePath;
  /** Alone in its row: laid out across the row on wider screens. */
  wide?: boolean;
  action?: ReactNode;
}

export function FeatureCard({ title, description, icon, headingLevel = 3, learnMore, to, wide, action }: FeatureCardProps) {
  return (
    <Card withBorder padding="lg" radius="md" h="100%" className={to ? classes.linked : undefined}>
      <Stack gap="sm" h="100%" className={wide ? classes.wide : undefined}>
        {icon && (
          <ThemeIcon size={44} radius="md" variant="light" aria-hidden="true">
            <Icon name={icon} />
          </ThemeIcon>
        )}
        <Stack gap="sm" style={{ flexGrow: 1 }}>
          <Title order={headingLevel} size="h4">
            {to ? (
              <a href={to} className={classes.titleLink}>
                {title}
              </a>
            ) : (
              title
            )}
          </Title>
          <Text c="dimmed" style={{ flexGrow: 1 }}>
            {description}
          </Text>
        </Stack>
        {to && (
          <span className={classes.arrow} aria-hidden="true">
            <Icon name="arrowRight" size={22} />
          </span>
        )}
        {learnMore && (
          // The spec's visible text; the hidden rest says where it goes (for screen readers and search engines alike).
          <LinkButton to={learnMore} variant="light">
            Learn More<VisuallyHidden> about {title}</VisuallyHidden>
          </LinkButton>
        )}
        {action}
      </Stack>
    </Card>
  );
}
