import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { shell } from 'virtual:site-shell';
import { CardGrid } from '../../components/card-grid';
import type { FormDefinition, FormPage as PageDeclaration } from '../../components/forms/form-definition';
import { FormWizard } from '../../components/forms/form-wizard';
import { useQueryPrefill } from '../../components/forms/prefill';
import { SinglePageForm } from '../../components/forms/single-page-form';
import { Icon } from '../../components/icon';
import { PageHero } from '../../components/page-hero';
import { Section } from '../../components/section';
import { SmartAnchor } from '../../components/smart-link';
import type { InternalHref } from '../../config/site-types';
import { formSubmitter } from '../../lib/backend/submit-form';

/** The side card: the site's email address for those who would rather write. */
function EmailAside({ title, body }: NonNullable<PageDeclaration['aside']>) {
  return (
    <Card withBorder padding="xl" radius="md" style={{ alignSelf: 'start' }}>
      <Stack gap="xs">
        <Title order={3} size="h4">
          {title}
        </Title>
        <Anchor href={`mailto:${shell.site.email}`}>
          <Icon name="mail" size={18} /> {shell.site.email}
        </Anchor>
        <Text c="dimmed" size="sm">
          {body}
        </Text>
      </Stack>
    </Card>
  );
}

/**
 * Every form page (schemas/forms.json "page"): hero, the form in a card (a wizard when the form has
 * steps), an optional side card and footnote. Saving, emailing and toasts follow the form's declaration.
 */
export default function FormPage({ heading, form }: { heading: string; form: FormDefinition }) {
  const page = form.page;
  if (!page) throw new Error(`schemas/forms.json gives the ${form.id} form no "page".`);
  // One submitter for the page's life: it remembers a saved submission whose email failed, so sending again adds no row.
  const submit = useMemo(() => formSubmitter<object>(form), [form]);
  const prefill = useQueryPrefill(form);
  const steps = form.steps;
  const body: ReactNode = steps ? (
    <FormWizard form={{ ...form, steps }} onSubmit={submit} draftKey={`${form.id}-draft`} prefill={prefill} />
  ) : (
    <SinglePageForm form={form} onSubmit={submit} prefill={prefill} />
  );
  return (
    <>
      <PageHero eyebrow={page.eyebrow} title={heading} subtitle={page.intro} />
      <Section title={page.formTitle} intro={page.formIntro}>
        {page.aside ? (
          <CardGrid cols={{ base: 1, md: 3 }} spacing="xl">
            <Card withBorder padding="xl" radius="md" style={{ gridColumn: 'span 2' }}>
              {body}
            </Card>
            <EmailAside {...page.aside} />
          </CardGrid>
        ) : (
          <Card withBorder padding="xl" radius="md" maw={760}>
            {body}
          </Card>
        )}
        {page.footnote && (
          <Text mt="md">
            {page.footnote.text} <SmartAnchor to={page.footnote.link.to as InternalHref}>{page.footnote.link.label}</SmartAnchor>.
          </Text>
        )}
      </Section>
    </>
  );
}
