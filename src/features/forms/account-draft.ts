import { useMemo } from "react";
import type { DraftStore } from "../../components/forms/use-draft";
import type { WizardState } from "../../components/forms/form-wizard";
import { useAccount } from "../../lib/account/account-context";
import { loadBackend } from "../../lib/backend/load";

/**
 * A signed-in member's draft of a wizard form, kept with their account (public.form_drafts, decision
 * 042) so it resumes on another device; null when signed out. Row level security gives each member
 * only their own; writes go through save_form_draft, which checks the form and the size.
 */
export function useAccountDraft(form: string): DraftStore<WizardState> | null {
  const owner = useAccount().user?.id ?? null;
  return useMemo(
    () =>
      owner === null
        ? null
        : {
            owner,
            async load() {
              const { data, error } = await (
                await loadBackend()
              )
                .from("form_drafts")
                .select("draft, updated_at")
                .eq("form", form)
                .maybeSingle();
              if (error) throw new Error(error.message);
              return (
                data && {
                  value: data.draft as unknown as WizardState,
                  savedAt: data.updated_at,
                }
              );
            },
            async save(value: WizardState | null) {
              const { data, error } = await (
                await loadBackend()
              ).rpc("save_form_draft", {
                p_form: form,
                p_draft: value as never,
              });
              if (error) throw new Error(error.message);
              return data;
            },
          },
    [owner, form],
  );
}
