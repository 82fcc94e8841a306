// @vitest-environment jsdom
/**
 * The spec shows one toast at a time: a new one replaces the old at once, never beside it (not even
 * while the old one animates out).
 */
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { showToast } from '../../src/components/toast';
import { render } from './render';

describe('toasts', () => {
  it('a new toast replaces the one on screen at once', async () => {
    render(<main />);
    await act(() => showToast({ title: 'Needs Info', description: 'Full Name is needed.', variant: 'destructive' }));
    await waitFor(() => expect(screen.getByText('Full Name is needed.')).toBeTruthy());
    await act(() => showToast({ title: 'Enrolment Received!', description: 'Your enrolment has been saved' }));
    await waitFor(() => expect(screen.getByText('Your enrolment has been saved')).toBeTruthy());
    expect(screen.queryByText('Full Name is needed.')).toBeNull();
    expect(document.querySelectorAll('.mantine-Notification-root')).toHaveLength(1);
  }, 30_000);
});
