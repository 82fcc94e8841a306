import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { shell } from 'virtual:site-shell';
import { CardGrid } from '../../components/card-grid';
import { Icon } from '../../components/icon';
import { PageHero } from '../../components/page-hero';
import { Section } from '../../components/section';
import { contactForm } from '../../generated/forms/contact';
import type { ContactSubmission } from '../../generated/types';
import { formSubmitter } from '../../lib/backend/submit-form';
import ContactForm from './contact-form';

const submitContact = formSubmitter<ContactSubmission>(contactForm, {
  saved: { title: 'Sent!', description: 'Your message has been saved' },
  saveFailed: (message) => ({ title: 'Database Error', description: `Error saving your message: ${message}`, variant: 'destructive' }),
  notified: { title: 'Email Sent!', description: 'An email has also been sent' },
  notifyFailed: (message) => ({ title: 'Email Error', description: `Your message was saved, but we couldn't send the email. Error: ${message}`, variant: 'destructive' }),
});

export default function ContactPage({ heading }: { heading: string }) {
  return (
    <>
      <PageHero
        eyebrow="Contact"
        title={heading}
        subtitle="Questions about a service, a course or a partnership? Send us a message and a consultant will reply within one business day."
      />
      <Section title="Send Us a Message">
        <CardGrid cols={{ base: 1, md: 3 }} spacing="xl">
          <Card withBorder padding="xl" radius="md" style={{ gridColumn: 'span 2' }}>
            <ContactForm onSubmit={submitContact} />
          </Card>
          <Card withBorder padding="xl" radius="md" style={{ alignSelf: 'start' }}>
            <Stack gap="xs">
              <Title order={3} size="h4">
                Prefer email?
              </Title>
              <Anchor href={`mailto:${shell.site.email}`}>
                <Icon name="mail" size={18} /> {shell.site.email}
              </Anchor>
              <Text c="dimmed" size="sm">
                We reply Monday to Friday, within one business day. The first conversation is always free.
              </Text>
            </Stack>
          </Card>
        </CardGrid>
      </Section>
    </>
  );
}
