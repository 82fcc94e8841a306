/** Telling "the backend could not be reached" apart from "the backend said no", and saying so. */
import { showToast } from '../../components/toast';

const DEFAULT_MESSAGE = 'Failed to connect to backend services. Please check your network.';
const UNREACHABLE = new Set([0, 502, 503, 504]);

interface ErrorLike {
  name?: string;
  status?: number;
  message?: string;
}

/** Network failures and the retryable 5xx answers auth-js reports as AuthRetryableFetchError. */
export function isConnectionProblem(error: unknown): boolean {
  const e = error as ErrorLike | null;
  if (!e) return false;
  return e.name === 'AuthRetryableFetchError' || (e.status !== undefined && UNREACHABLE.has(e.status)) || /failed to fetch|networkerror|load failed/i.test(e.message ?? '');
}

/** A message worth showing: auth-js leaves "{}" when it did not read the body of a 5xx. */
function usefulMessage(error: unknown): string | null {
  const message = (error as ErrorLike | null)?.message?.trim();
  return message && message !== '{}' ? message : null;
}

export function showConnectionIssue(error: unknown) {
  return showToast({ title: 'Connection Issue', description: usefulMessage(error) ?? DEFAULT_MESSAGE, variant: 'destructive', duration: 7000 });
}

/**
 * Connection problems get the Connection Issue toast; anything the server said, an Error toast with its
 * words, after what was being done when `doing` says it ("Nothing was saved: …").
 */
export function reportBackendError(error: unknown, doing?: string) {
  if (isConnectionProblem(error)) return showConnectionIssue(error);
  const message = error instanceof Error ? error.message : String(error);
  return showToast({ title: 'Error', description: doing ? `${doing}: ${message}` : message, variant: 'destructive' });
}
