import { showToast } from '../toast';

/**
 * The submit handler until the backend is wired: it says plainly that nothing was sent and keeps
 * what the visitor typed, so no text claims a message was saved.
 */
export function notConnectedYet(email: string) {
  return async () => {
    await showToast({
      title: 'Not sent yet',
      description: `Online sending is not switched on yet. Please email us at ${email}; what you typed is still in the form.`,
      duration: 8000,
    });
    return { reset: false };
  };
}
