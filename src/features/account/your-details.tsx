import { Group, Stack, Text } from '@mantine/core';
import type { SupabaseClient } from '@supabase/supabase-js';
import { useEffect, useState } from 'react';
import type { FormDefinition, FormStep } from '../../components/forms/form-definition';
import type { FormData } from '../../components/forms/normalise';
import { SchemaForm } from '../../components/forms/schema-form';
import { SubmitButton } from '../../components/forms/submit-button';
import { showToast } from '../../components/toast';
import { loadProfileForm } from '../../generated/form-loaders';
import { loadBackend } from '../../lib/backend/load';

type Profile = { form: FormDefinition & { profile: NonNullable<FormDefinition['profile']> }; step: FormStep; answers: FormData };
type Loaded = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'none' } | { state: 'ready'; profile: Profile };

/** The table the profile form declares ("ownedByUser" in schemas/forms.json), as supabase-js reads any table. */
const profileTable = async (table: string) => ((await loadBackend()) as unknown as SupabaseClient).from(table);

/**
 * The member's details as they gave them at sign-up, to change: the sign-up form's own questions, rules
 * and messages (the same schema, so what the dialog refuses is refused here too), minus the address and
 * the password, which belong to the account. Row level security lets a member change only their own row.
 */
async function loadProfile(userId: string): Promise<Profile | null> {
  const form = loadProfileForm && (await loadProfileForm()).default;
  if (!form?.profile) return null;
  const { table, editable } = form.profile;
  const { data, error } = await (await profileTable(table)).select(editable.join(',')).eq('user_id', userId).maybeSingle();
  if (error) throw new Error(error.message);
  if (!data) return null;
  const answers = Object.fromEntries(Object.entries(data as unknown as Record<string, unknown>).filter(([, value]) => value !== null)) as FormData;
  return { form: form as Profile['form'], step: { key: 'details', title: 'Your details', fields: editable }, answers };
}

export function YourDetails({ userId }: { userId: string }) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [answers, setAnswers] = useState<FormData>({});
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    let current = true;
    loadProfile(userId).then(
      (profile) => {
        if (!current) return;
        setLoaded(profile ? { state: 'ready', profile } : { state: 'none' });
        if (profile) setAnswers(profile.answers);
      },
      (error: unknown) => current && setLoaded({ state: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      current = false;
    };
  }, [userId]);

  if (loaded.state === 'loading') return <Text aria-live="polite">Loading your details…</Text>;
  if (loaded.state === 'failed') return <Text role="alert">Your details could not be loaded: {loaded.message}</Text>;
  if (loaded.state === 'none') return <Text>This account has no details to change.</Text>;
  const { form, step } = loaded.profile;
  const save = async (valid: FormData) => {
    setSaving(true);
    try {
      const changes = Object.fromEntries(step.fields.map((field) => [field, valid[field] ?? null]));
      const { error } = await (await profileTable(form.profile.table)).update(changes).eq('user_id', userId);
      if (error) throw new Error(error.message);
      await showToast({ title: 'Details saved', description: 'Your details are updated; forms you fill in while signed in use them.' });
    } catch (error) {
      await showToast({ title: 'Error', description: `Your details could not be saved: ${error instanceof Error ? error.message : String(error)}`, variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack gap="xs" maw={560}>
      <SchemaForm form={form} step={step} formData={answers} onChange={setAnswers} onValid={(valid) => void save(valid)} disabled={saving}>
        <Group mt="md">
          <SubmitButton uiSchema={{ 'ui:submitButtonOptions': { submitText: 'Save Your Details' }, 'ui:busyText': 'Saving...' }} busy={saving} />
        </Group>
      </SchemaForm>
    </Stack>
  );
}
