import { Button, Card, Container, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { FormDefinition } from '../../components/forms/form-definition';
import { defineIsland } from '../../components/island';
import { formLoaders } from '../../generated/form-loaders';
import { loadBackend } from '../../lib/backend/load';

/** The two links a double opt-in email carries open the form's page with one of these and the token. */
export const OPT_IN_ACTIONS = ['confirm', 'unsubscribe'] as const;
type Action = (typeof OPT_IN_ACTIONS)[number];
type OptInTexts = NonNullable<NonNullable<FormDefinition['notification']>['optIn']>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const noChanges = () => () => {};

/** The action and token the address names, or null (the page opened without a link from the email). */
function linkIn(search: string): { action: Action; token: string } | null {
  const query = new URLSearchParams(search);
  for (const action of OPT_IN_ACTIONS) {
    const token = query.get(action);
    if (token !== null) return { action, token: token.trim() };
  }
  return null;
}

type State = { step: 'ask' } | { step: 'busy' } | { step: 'done' } | { step: 'unknown' } | { step: 'failed'; error: string };

/**
 * What a double opt-in form's page shows when the email's link opened it (decision 052): what the link
 * does and a button to do it. The button, not the link, changes the list: mail scanners open links, and
 * an address confirmed or unsubscribed by a scanner would not be its owner's choice.
 */
function OptInAction({ texts, action, token }: { texts: OptInTexts; action: Action; token: string }) {
  const [state, setState] = useState<State>({ step: 'ask' });
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (state.step === 'done' || state.step === 'unknown') heading.current?.focus();
  }, [state.step]);
  const press = async () => {
    setState({ step: 'busy' });
    if (!UUID.test(token)) return setState({ step: 'unknown' });
    try {
      const backend = await loadBackend();
      const { data, error } = await backend.rpc(action === 'confirm' ? 'confirm_opt_in' : 'unsubscribe_opt_in', { p_token: token });
      if (error) throw new Error(error.message);
      setState({ step: data === 'unknown' ? 'unknown' : 'done' });
    } catch (error) {
      setState({ step: 'failed', error: error instanceof Error ? error.message : String(error) });
    }
  };
  const ask = action === 'confirm' ? { title: texts.title, body: texts.body, button: texts.confirm } : { title: texts.unsubscribe, body: texts.unsubscribeBody, button: texts.unsubscribe };
  const shown =
    state.step === 'done'
      ? texts[action === 'confirm' ? 'confirmed' : 'unsubscribed']
      : state.step === 'unknown'
        ? texts.linkGone
        : { title: ask.title, body: ask.body };
  return (
    <Container size="lg" pt="xl">
      <Card withBorder padding="xl" radius="md" maw={760} role={state.step === 'done' || state.step === 'unknown' ? 'status' : undefined}>
        <Stack gap="sm" align="flex-start">
          <Title order={2} size="h3" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
            {shown.title}
          </Title>
          <Text>{shown.body}</Text>
          {state.step === 'failed' && (
            <Text role="alert" c="red.8">
              That did not go through: {state.error.replace(/\.$/, '')}. Check your connection, then press the button again.
            </Text>
          )}
          {(state.step === 'ask' || state.step === 'busy' || state.step === 'failed') && (
            <Button onClick={() => void press()} loading={state.step === 'busy'} color={action === 'unsubscribe' ? 'red.8' : undefined}>
              {ask.button}
            </Button>
          )}
        </Stack>
      </Card>
    </Container>
  );
}

/** Nothing until the address names an action: then the action's card, above the form. */
function OptInLanding({ texts }: { texts: OptInTexts }) {
  const search = useSyncExternalStore(noChanges, () => location.search, () => '');
  const link = linkIn(search);
  return <div>{link && <OptInAction texts={texts} {...link} />}</div>;
}

/** A double opt-in form's landing for its email's links, by the form's name in schemas/forms.json. */
export default defineIsland<{ form: string }>('forms/opt-in', async ({ form }) => {
  const load = formLoaders[form];
  if (!load) throw new Error(`The form "${form}" is not in src/generated/form-loaders.ts: run npm run generate.`);
  const texts = (await load()).default.notification?.optIn;
  if (!texts) throw new Error(`schemas/forms.json gives the ${form} form no "optIn".`);
  return <OptInLanding texts={texts} />;
});
