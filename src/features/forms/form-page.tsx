import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { shell } from 'virtual:site-shell';
import { MainWithAside } from '../../components/main-with-aside';
import type { FormDefinition, FormPage as PageDeclaration } from '../../components/forms/form-definition';
import { devReloadKey } from '../../components/forms/dev-reload-key';
import { prefillableFields } from '../../components/forms/prefill';
import { Icon } from '../../components/icon';
import { Island } from '../../components/island';
import { PageHero } from '../../components/page-hero';
import { Section } from '../../components/section';
import { SmartAnchor } from '../../components/smart-link';
import type { InternalHref } from '../../config/site-types';
import { SIGNED_IN_SIGNAL } from '../../lib/account/account-context';
import { sessionStorageKey } from '../../lib/backend/session-storage';
import formIsland, { draftKey } from './form.island';
import optInIsland, { OPT_IN_ACTIONS } from './opt-in.island';

/** Over the whole card (Mantine's Card is positioned), in this page's HTML only, so no other page pays for it. */
const RESTORING_VEIL = { position: 'absolute', inset: 0, zIndex: 2, margin: 0, paddingTop: '8rem', textAlign: 'center', background: 'rgb(255 255 255 / 0.8)' } as const;

/** The side card: the site's email address for those who would rather write. */
function EmailAside({ title, body }: NonNullable<PageDeclaration['aside']>) {
  return (
    <Card withBorder padding="xl" radius="md" component="aside" aria-label={title}>
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
 * Every form page (schemas/forms.json "page"): hero, the form in a card, an optional side card and
 * footnote. The form is an island: its fields work from the HTML, its code starts when the visitor
 * reaches into it, or at once when a draft or the address has answers for it (docs/decisions/020); a
 * wizard also when a member is signed in, or signs in, for the draft kept with their account (decision 042).
 */
export default function FormPage({ heading, form }: { heading: string; form: FormDefinition }) {
  const page = form.page;
  if (!page) throw new Error(`schemas/forms.json gives the ${form.id} form no "page".`);
  const early = [
    // A wizard starts at once for a draft in this browser, or a signed-in member's in their account (decision 042).
    ...(form.steps ? [`storage:${draftKey(form)}`, `storage:${sessionStorageKey}`] : []),
    ...prefillableFields(form).map((field) => `query:${field}`),
    // `npm run dev` only: answers kept over a reload for a save in schemas/ come back at once.
    ...(import.meta.env.DEV ? [`storage:${devReloadKey(form.id)}`] : []),
  ];
  const body = (
    <>
      {/* Shown by the page's loader while the form waits for the visitor's saved draft (src/loader/islands.ts):
          a veil over the form, so its fields, which take no typing until then, do not look as if they would. */}
      {form.steps && (
        <Text role="status" fw={600} data-restoring-note hidden style={RESTORING_VEIL}>
          Restoring your saved answers…
        </Text>
      )}
      <Island of={formIsland} props={{ form: form.name }} hydrate="interaction" early={early} wakeOn={form.steps ? SIGNED_IN_SIGNAL : undefined} restores={form.steps ? draftKey(form) : undefined} prefetch />
      <noscript>
        <Text mt="md">This form needs JavaScript to send. You can also write to us at {shell.site.email}.</Text>
      </noscript>
    </>
  );
  return (
    <>
      <PageHero eyebrow={page.eyebrow} title={heading} subtitle={page.intro} />
      {/* A double opt-in form's email links here (?confirm= or ?unsubscribe=): their button comes first (decision 052). */}
      {form.notification?.optIn && <Island of={optInIsland} props={{ form: form.name }} hydrate="interaction" early={OPT_IN_ACTIONS.map((action) => `query:${action}`)} />}
      <Section title={page.formTitle} intro={page.formIntro}>
        {page.aside ? (
          <MainWithAside
            main={
              <Card withBorder padding="xl" radius="md">
                {body}
              </Card>
            }
            aside={<EmailAside {...page.aside} />}
          />
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
