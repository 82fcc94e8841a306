import { Card, Text } from '@mantine/core';
import { FormWizard } from '../../components/forms/form-wizard';
import { PageHero } from '../../components/page-hero';
import { Section } from '../../components/section';
import { SmartAnchor } from '../../components/smart-link';
import { assessmentForm } from '../../generated/forms/assessment';
import type { AssessmentResponse } from '../../generated/types';
import { formSubmitter } from '../../lib/backend/submit-form';

if (!assessmentForm.steps) throw new Error('schemas/assessment.steps.json is missing: the assessment is a wizard.');
const wizard = { ...assessmentForm, steps: assessmentForm.steps };
const submitAssessment = formSubmitter<AssessmentResponse>(assessmentForm, {
  saved: { title: 'Assessment Submitted!', description: 'Your assessment details have been saved' },
  saveFailed: (message) => ({ title: 'Database Submission Error', description: `There was an error saving your assessment: ${message}`, variant: 'destructive' }),
  notified: { title: 'Notification Sent!', description: 'An email notification regarding your assessment has also been sent' },
  notifyFailed: (message) => ({
    title: 'Notification Error',
    description: `Your assessment was saved, but we couldn't send the email notification. Error: ${message}`,
    variant: 'destructive',
  }),
});

export default function AssessmentPage({ heading }: { heading: string }) {
  return (
    <>
      <PageHero
        eyebrow="Free needs assessment"
        title={heading}
        subtitle="Four short steps, about ten minutes. Tell us where your organization stands and where it wants to go, and we will recommend the first step that matters most."
      />
      <Section title="Your Assessment" intro="Your answers are kept in this browser as you go, so you can come back to finish.">
        <Card withBorder padding="xl" radius="md" maw={760}>
          <FormWizard<AssessmentResponse> form={wizard} onSubmit={submitAssessment} draftKey="assessment-draft" />
        </Card>
        <Text mt="md">
          Prefer to talk it through? <SmartAnchor to="/contact">Send us a message</SmartAnchor> instead.
        </Text>
      </Section>
    </>
  );
}
