import { Group, List, Stack, Text } from '@mantine/core';
import { shell } from 'virtual:site-shell';
import { PageHero } from '../../components/page-hero';
import { Section } from '../../components/section';
import { LinkButton, SmartAnchor } from '../../components/smart-link';

export default function NotFoundPage() {
  return (
    <>
      <PageHero
        eyebrow="404"
        title="Page not found"
        subtitle="The page you were looking for has moved or never existed. These links will get you back on track."
        actions={
          <LinkButton to={'/'} size="lg" color="yellow.4" c="dark.9">
            Go to the home page
          </LinkButton>
        }
      />
      <Section title="Popular Pages">
        <Stack gap="md">
          <List spacing="xs" size="lg">
            {shell.nav.map((item) => (
              <List.Item key={item.to}>
                <SmartAnchor to={item.to}>{item.label}</SmartAnchor>
              </List.Item>
            ))}
          </List>
          <Group>
            <Text>
              Still stuck? <SmartAnchor to={'/contact'}>Tell us what you were looking for</SmartAnchor>.
            </Text>
          </Group>
        </Stack>
      </Section>
    </>
  );
}
