import type { SupabaseClient } from '@supabase/supabase-js';
import { useEffect, useState } from 'react';
import type { FormDefinition } from '../../components/forms/form-definition';
import { fieldElementId } from '../../components/forms/field-element-id';
import type { FormData } from '../../components/forms/normalise';
import { useAccount } from '../../lib/account/account-context';
import { loadBackend } from '../../lib/backend/load';

/**
 * The signed-in member's profile answers for the questions the form declares ("fromProfile" in
 * schemas/forms.json), read through their own session (row level security gives each member only their
 * profile). Null when signed out, when the form takes nothing from the profile, or until it is read; a
 * profile that cannot be read leaves the form as it is. The question the visitor is in when it arrives
 * is theirs: a value written under their caret would run into what they type next.
 */
export function useProfileAnswers(form: FormDefinition): FormData | null {
  const { user } = useAccount();
  const from = form.fromProfile;
  const [read, setRead] = useState<{ user: string; answers: FormData } | null>(null);
  const userId = user?.id;
  const formId = form.id;
  useEffect(() => {
    if (!userId || !from) return;
    let current = true;
    const columns = [...new Set(Object.values(from.fields))];
    loadBackend()
      // The table is the declared profile table: typed as any table of the generated schema.
      .then((client) => (client as unknown as SupabaseClient).from(from.table).select(columns.join(',')).eq('user_id', userId).maybeSingle())
      .then(({ data }) => {
        if (!current || !data) return;
        const row = data as unknown as Record<string, unknown>;
        const typingIn = document.activeElement?.id;
        const answers = Object.fromEntries(
          Object.entries(from.fields)
            .map(([field, column]) => [field, row[column]] as const)
            .filter(([field, value]) => typeof value === 'string' && value.trim() !== '' && fieldElementId(formId, field) !== typingIn),
        );
        setRead({ user: userId, answers });
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [userId, from, formId]);
  return read && read.user === userId ? read.answers : null;
}
