import { List, Stack, Text } from '@mantine/core';
import { PageHero } from '../../components/page-hero';
import { Section } from '../../components/section';
import { SmartAnchor } from '../../components/smart-link';

const steps = ['Organization Information', 'Current Status & Needs', 'Project & Goals', 'Contact Information'];

export default function AssessmentPage({ heading }: { heading: string }) {
  return (
    <>
      <PageHero
        eyebrow="Free needs assessment"
        title={heading}
        subtitle="Four short steps, about ten minutes. Tell us where your organization stands and where it wants to go, and we will recommend the first step that matters most."
      />
      <Section title="What We Will Ask">
        <Stack gap="md" maw={720}>
          <List type="ordered" spacing="xs" size="lg">
            {steps.map((step) => (
              <List.Item key={step}>{step}</List.Item>
            ))}
          </List>
          <Text>
            Prefer to talk it through? <SmartAnchor to={'/contact'}>Send us a message</SmartAnchor> instead.
          </Text>
        </Stack>
      </Section>
    </>
  );
}
