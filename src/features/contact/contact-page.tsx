import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { CardGrid } from '../../components/card-grid';
import { shell } from 'virtual:site-shell';
import { Icon } from '../../components/icon';
import { PageHero } from '../../components/page-hero';
import { Section } from '../../components/section';

export default function ContactPage({ heading }: { heading: string }) {
  return (
    <>
      <PageHero
        eyebrow="Contact"
        title={heading}
        subtitle="Questions about a service, a course or a partnership? Send us a message and a consultant will reply within one business day."
      />
      <Section title="Send Us a Message">
        <CardGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Stack gap="md">
            <Text size="lg">
              Tell us a little about your organization and what you are hoping to achieve. There is no obligation: the first conversation is always free.
            </Text>
          </Stack>
          <Card withBorder padding="xl" radius="md">
            <Stack gap="xs">
              <Title order={3} size="h4">
                Email
              </Title>
              <Anchor href={`mailto:${shell.site.email}`} size="lg">
                <Icon name="mail" size={18} />{' '}
                {shell.site.email}
              </Anchor>
              <Text c="dimmed" size="sm">
                We reply Monday to Friday, within one business day.
              </Text>
            </Stack>
          </Card>
        </CardGrid>
      </Section>
    </>
  );
}
