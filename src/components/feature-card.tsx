import { Card, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import type { IconName, SitePath } from '../config/site-types';
import { Icon } from './icon';
import { LinkButton } from './smart-link';

interface FeatureCardProps {
  title: string;
  description: string;
  icon?: IconName;
  headingLevel?: 3 | 4;
  /** A Learn More button to the page this card summarises. */
  learnMore?: SitePath;
  action?: ReactNode;
}

export function FeatureCard({ title, description, icon, headingLevel = 3, learnMore, action }: FeatureCardProps) {
  return (
    <Card withBorder padding="lg" radius="md" h="100%">
      <Stack gap="sm" h="100%">
        {icon && (
          <ThemeIcon size={44} radius="md" variant="light" aria-hidden="true">
            <Icon name={icon} />
          </ThemeIcon>
        )}
        <Title order={headingLevel} size="h4">
          {title}
        </Title>
        <Text c="dimmed" style={{ flexGrow: 1 }}>
          {description}
        </Text>
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
