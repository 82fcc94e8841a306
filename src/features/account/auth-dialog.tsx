import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import { Anchor, Modal, Stack, Text } from '@mantine/core';
import { SmartAnchor } from '../../components/smart-link';
import { useAccount } from './account-context';

const copy = {
  'sign-in': { title: 'Sign In', switchPrompt: "Don't have an account?", switchLabel: 'Create Account' },
  'sign-up': { title: 'Create Account', switchPrompt: 'Already have an account?', switchLabel: 'Sign In' },
} as const;

/** The sign-in / create-account dialog every page carries. Its forms are rendered from schemas/. */
export default function AuthDialog() {
  const { showAuthDialog, authMode, closeAuthDialog, setAuthMode } = useAccount();
  const text = copy[authMode];
  return (
    <Modal opened={showAuthDialog} onClose={closeAuthDialog} title={text.title} centered>
      <Stack gap="md">
        <Text>An account gives you access to our resources, course materials and your assessment results.</Text>
        <Text>
          Online accounts open soon. Until then,{' '}
          <SmartAnchor to="/contact" onClick={closeAuthDialog}>
            send us a message
          </SmartAnchor>{' '}
          and we will share the resources you need directly.
        </Text>
        <Text size="sm">
          {text.switchPrompt}{' '}
          <Anchor component="button" type="button" onClick={() => setAuthMode(authMode === 'sign-in' ? 'sign-up' : 'sign-in')}>
            {text.switchLabel}
          </Anchor>
        </Text>
      </Stack>
    </Modal>
  );
}
