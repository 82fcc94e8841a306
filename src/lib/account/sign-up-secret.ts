import type { Backend } from '../backend/load';

/**
 * The secret that lets the browser which signed up keep the password it typed (docs/decisions/043): the
 * sign-up sends its SHA-256 as `sign_up_proof`; once the confirmation link has signed its owner in here,
 * the secret itself is offered to public.keep_my_sign_up_password. Opened anywhere else, there is no
 * secret and the owner chooses a password, as decision 021 asks.
 */
const KEY = 'sign-up-secret';

interface Held {
  email: string;
  secret: string;
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function held(): Held | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    const { email, secret } = (value ?? {}) as Partial<Held>;
    return typeof email === 'string' && typeof secret === 'string' ? { email, secret } : null;
  } catch {
    return null;
  }
}

const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');

/**
 * A new secret for a sign-up with `email`, kept in this browser; returns its proof for the sign-up's data.
 * Each sign-up gets its own, so after two sign-ups of one address only the second's secret is here: the
 * account holds the first's password (the auth service keeps the first sign-up), which is then not kept.
 */
export async function newSignUpProof(email: string): Promise<string> {
  const secret = hex(crypto.getRandomValues(new Uint8Array(32)).buffer);
  try {
    localStorage.setItem(KEY, JSON.stringify({ email, secret } satisfies Held));
  } catch {
    // Storage refused (private mode, full): the sign-up goes ahead; its password will not be kept.
  }
  return hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(secret)));
}

/** After the confirmation link signed `email` in here: true when the account keeps the sign-up's password. */
export async function keepSignUpPassword(client: Backend, email: string): Promise<boolean> {
  const mine = held();
  if (!mine || !sameAddress(mine.email, email)) return false;
  localStorage.removeItem(KEY);
  const { data, error } = await client.rpc('keep_my_sign_up_password', { proof: mine.secret });
  if (error) console.warn('Could not keep the sign-up password:', error.message);
  return !error && data === true;
}
