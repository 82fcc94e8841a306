/**
 * GoTrue's answers. Errors come in two shapes, chosen by the request's X-Supabase-Api-Version header (as
 * GoTrue's HandleResponseError does): from 2024-01-01 on (what supabase-js sends) `{code, message}`, with
 * the version echoed so auth-js reads `code`; without it (curl, older clients) `{code: <status>,
 * error_code, msg}`. `x-sb-error-code` names the code either way.
 */
import type { IncomingMessage } from 'node:http';

const API_VERSION_HEADER = 'x-supabase-api-version';
const API_VERSION_2024 = '2024-01-01';

export interface AuthAnswer {
  status: number;
  headers: Record<string, string>;
  body?: string;
}

/** The newest API version the request asks for that GoTrue knows, or null for the initial one. */
export function requestApiVersion(req: IncomingMessage): string | null {
  const asked = String(req.headers[API_VERSION_HEADER] ?? '');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(asked) || Number.isNaN(Date.parse(asked))) return null;
  return asked >= API_VERSION_2024 ? API_VERSION_2024 : null;
}

export class AuthProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  answer(apiVersion: string | null): AuthAnswer {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (apiVersion) {
      headers['X-Supabase-Api-Version'] = apiVersion;
      // GoTrue's weak-password answer in the 2024 shape is the one error without this header.
      if (this.code !== 'weak_password') headers['x-sb-error-code'] = this.code;
      return { status: this.status, headers, body: JSON.stringify({ code: this.code, message: this.message, ...this.extra }) };
    }
    headers['x-sb-error-code'] = this.code;
    return { status: this.status, headers, body: JSON.stringify({ code: this.status, error_code: this.code, msg: this.message, ...this.extra }) };
  }
}

export const fail = (status: number, code: string, message: string, extra?: Record<string, unknown>): never => {
  throw new AuthProblem(status, code, message, extra);
};

export const ok = (body: unknown, status = 200): AuthAnswer => ({
  status,
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});
