import { Anchor, CloseButton, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { FormDefinition } from '../../components/forms/form-definition';
import type { FormData } from '../../components/forms/normalise';
import { SchemaForm } from '../../components/forms/schema-form';
import { SubmitButton } from '../../components/forms/submit-button';
import { useSubmission } from '../../components/forms/use-submission';
import { defineIsland } from '../../components/island';
import { forgotPasswordForm } from '../../generated/forms/forgot-password';
import { newPasswordForm } from '../../generated/forms/new-password';
import { changeEmailForm } from '../../generated/forms/change-email';
import { signInForm } from '../../generated/forms/sign-in';
import { signUpForm } from '../../generated/forms/sign-up';
import type { EmailChange, NewPassword, PasswordResetRequest, SignInCredentials, SignUpDetails } from '../../generated/types';
import { EMAIL_NOT_CONFIRMED, useAccount, type AccountContextValue, type AuthMode } from '../../lib/account/account-context';
import { AUTH_DIALOG_ID } from '../../lib/page-ids';
import classes from './auth-dialog.module.css';

interface ModeSpec {
  /** The dialog's title when it is not the form's own. */
  title?: string;
  form: FormDefinition;
  intro: string;
  /** The links under the form: text before the link, the link's label, and the mode it opens. */
  links: { prompt: string; label: string; mode: AuthMode }[];
  // The schema's validator has checked the data, so it has the shape of the mode's generated type.
  send: (account: AccountContextValue, data: FormData) => Promise<boolean>;
}

const ACCOUNT_INTRO = 'An account gives you access to our resources, course materials and your assessment results.';

const modes: Record<AuthMode, ModeSpec> = {
  'sign-in': {
    form: signInForm,
    intro: ACCOUNT_INTRO,
    links: [
      { prompt: '', label: 'Forgot password?', mode: 'forgot-password' },
      { prompt: "Don't have an account?", label: 'Create Account', mode: 'sign-up' },
    ],
    send: (account, data) => account.signIn(data as unknown as SignInCredentials),
  },
  'sign-up': {
    form: signUpForm,
    intro: ACCOUNT_INTRO,
    links: [{ prompt: 'Already have an account?', label: 'Sign In', mode: 'sign-in' }],
    send: (account, data) => account.signUp(data as unknown as SignUpDetails),
  },
  'forgot-password': {
    form: forgotPasswordForm,
    intro: 'Enter the email address of your account and we will send you a link to choose a new password.',
    links: [{ prompt: 'Remembered it?', label: 'Sign In', mode: 'sign-in' }],
    send: (account, data) => account.requestPasswordReset(data as unknown as PasswordResetRequest),
  },
  'new-password': {
    form: newPasswordForm,
    intro: 'You followed a password reset link. Choose the new password for your account.',
    links: [],
    send: (account, data) => account.setNewPassword(data as unknown as NewPassword),
  },
  'change-password': {
    title: 'Change Your Password',
    form: newPasswordForm,
    intro: 'Choose a new password for your account. You stay signed in here; anywhere else you are signed in, you will need the new one.',
    links: [],
    send: (account, data) => account.setNewPassword(data as unknown as NewPassword),
  },
  'change-email': {
    form: changeEmailForm,
    intro: 'Enter the address you want to use. We send a link to it and one to your current address; the change is made once both are opened.',
    links: [],
    send: (account, data) => account.changeEmail(data as unknown as EmailChange),
  },
  'choose-password': {
    title: 'Choose Your Password',
    form: newPasswordForm,
    intro: 'Your email address is confirmed and you are signed in. Choose the password you will sign in with from now on; any password given before this no longer works.',
    links: [],
    send: (account, data) => account.setNewPassword(data as unknown as NewPassword),
  },
  'password-not-kept': {
    title: 'Choose Your Password',
    form: newPasswordForm,
    intro:
      'Your email address is confirmed and you are signed in. The password typed when signing up is kept only when this link is opened in the browser that signed up, after a single sign-up, so that nobody who signed up with your address can use theirs. Choose the password you will sign in with from now on.',
    links: [],
    send: (account, data) => account.setNewPassword(data as unknown as NewPassword),
  },
};

/** The dialog element's own opening and closing (Sign In buttons, Escape, a click outside) reach the shared flag. */
function useDialogElement(toggled: (open: boolean) => void, closed: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current!;
    const sync = () => {
      toggled(dialog.open);
      document.documentElement.toggleAttribute('data-modal-open', dialog.open);
    };
    const onClose = () => {
      sync();
      closed();
    };
    sync();
    dialog.addEventListener('toggle', sync);
    dialog.addEventListener('close', onClose);
    return () => {
      dialog.removeEventListener('toggle', sync);
      dialog.removeEventListener('close', onClose);
    };
  }, [toggled, closed]);
  return ref;
}

/**
 * The account dialog every page carries: sign in, create an account, reset a password; forms from schemas/.
 * A native modal <dialog>, prerendered in sign-in mode, so Sign In opens it at once, before any script
 * (docs/decisions/020); its code starts when the visitor reaches into it.
 */
function AuthDialog() {
  const account = useAccount();
  const { authMode, closeAuthDialog, setAuthMode, authDialogToggled } = account;
  const [data, setData] = useState<FormData>({});
  const { title, form, intro, links, send } = modes[authMode];
  // Opened again from a Sign In button, the dialog starts in sign-in mode.
  const ref = useDialogElement(authDialogToggled, () => setAuthMode('sign-in'));
  const { busy, submit } = useSubmission<FormData>(
    async (valid) => {
      const done = await send(account, valid);
      if (done) closeAuthDialog();
      return { reset: done };
    },
    () => setData({}),
  );

  return (
    // Already open when its code arrives if a Sign In button opened it (no script needed for that).
    <dialog ref={ref} id={AUTH_DIALOG_ID} aria-labelledby={`${AUTH_DIALOG_ID}-title`} className={classes.dialog} closedby="any" suppressHydrationWarning>
      <div className={classes.header}>
        <h2 id={`${AUTH_DIALOG_ID}-title`} className={classes.title}>
          {title ?? form.schema.title}
        </h2>
        <CloseButton {...({ command: 'close', commandfor: AUTH_DIALOG_ID } as Record<string, string>)} aria-label="Close" size="lg" />
      </div>
      <Stack gap="md">
        <Text>{intro}</Text>
        <SchemaForm key={authMode} form={form} formData={data} onChange={setData} onValid={(valid) => void submit(valid)} disabled={busy}>
          {/* What the auth service said, where the visitor is looking (the toast announced it already). */}
          {account.error && (
            <Text c="red.9" size="sm" mt="md">
              {account.error}
            </Text>
          )}
          {/* The first link lost or expired: a new one, without signing up again. */}
          {authMode === 'sign-in' && account.error === EMAIL_NOT_CONFIRMED && typeof data.email === 'string' && (
            <Text size="sm" mt="xs">
              Open the link we emailed to {data.email}, or{' '}
              <Anchor component="button" type="button" disabled={busy} onClick={() => void account.resendConfirmation(data.email as string)}>
                Send the link again
              </Anchor>
            </Text>
          )}
          <SubmitButton uiSchema={form.uiSchema} busy={busy} fullWidth mt="lg" />
        </SchemaForm>
        {links.length > 0 && (
          <Group justify="space-between" gap="xs">
            {links.map(({ prompt, label, mode }) => (
              <Text size="sm" key={mode}>
                {prompt && `${prompt} `}
                <Anchor component="button" type="button" onClick={() => setAuthMode(mode)}>
                  {label}
                </Anchor>
              </Text>
            ))}
          </Group>
        )}
      </Stack>
    </dialog>
  );
}

export default defineIsland('account/auth-dialog', () => <AuthDialog />);
