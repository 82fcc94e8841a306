import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import { Anchor, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { shell } from 'virtual:site-shell';
import { notConnectedYet } from '../../components/forms/not-connected';
import type { FormData } from '../../components/forms/normalise';
import { SchemaForm } from '../../components/forms/schema-form';
import { SubmitButton } from '../../components/forms/submit-button';
import { useSubmission, type SubmitHandler } from '../../components/forms/use-submission';
import { signInForm } from '../../generated/forms/sign-in';
import { signUpForm } from '../../generated/forms/sign-up';
import type { SignInCredentials, SignUpDetails } from '../../generated/types';
import { useAccount } from './account-context';

const modes = {
  'sign-in': { form: signInForm, switchPrompt: "Don't have an account?", switchLabel: 'Create Account' },
  'sign-up': { form: signUpForm, switchPrompt: 'Already have an account?', switchLabel: 'Sign In' },
} as const;

// Accounts go live with the auth backend; until then the dialog says so and keeps what was typed.
const signIn: SubmitHandler<SignInCredentials> = notConnectedYet(shell.site.email);
const signUp: SubmitHandler<SignUpDetails> = notConnectedYet(shell.site.email);

/** The sign-in / create-account dialog every page carries, its forms rendered from schemas/. */
export default function AuthDialog() {
  const { showAuthDialog, authMode, closeAuthDialog, setAuthMode } = useAccount();
  const [data, setData] = useState<FormData>({});
  const { form, switchPrompt, switchLabel } = modes[authMode];
  // The schema's validator has checked the data, so it has the shape of the mode's generated type.
  const { busy, submit } = useSubmission<FormData>(
    (valid) => (authMode === 'sign-in' ? signIn(valid as unknown as SignInCredentials) : signUp(valid as unknown as SignUpDetails)),
    () => setData({}),
  );

  return (
    <Modal
      opened={showAuthDialog}
      onClose={closeAuthDialog}
      title={form.schema.title}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontSize: 'var(--mantine-h3-font-size)', fontWeight: 750 } }}
    >
      <Stack gap="md">
        <Text>An account gives you access to our resources, course materials and your assessment results.</Text>
        <SchemaForm
          key={authMode}
          form={form}
          formData={data}
          onChange={setData}
          onValid={(valid) => void submit(valid)}
          disabled={busy}
        >
          <SubmitButton uiSchema={form.uiSchema} busy={busy} fullWidth mt="lg" />
        </SchemaForm>
        <Text size="sm">
          {switchPrompt}{' '}
          <Anchor component="button" type="button" onClick={() => setAuthMode(authMode === 'sign-in' ? 'sign-up' : 'sign-in')}>
            {switchLabel}
          </Anchor>
        </Text>
      </Stack>
    </Modal>
  );
}
