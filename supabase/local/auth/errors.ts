/**
 * GoTrue's error answers. auth-js reads `code` only when X-Supabase-Api-Version is present and exposed
 * (CORS), so every answer carries that header; `error_code` and `msg` serve older clients.
 */
export const API_VERSION_HEADERS = { 'X-Supabase-Api-Version': '2024-01-01' };

export interface AuthAnswer {
  status: number;
  headers: Record<string, string>;
  body?: string;
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

  answer(): AuthAnswer {
    return {
      status: this.status,
      headers: { ...API_VERSION_HEADERS, 'Content-Type': 'application/json', 'x-sb-error-code': this.code },
      body: JSON.stringify({ code: this.code, error_code: this.code, message: this.message, msg: this.message, ...this.extra }),
    };
  }
}

export const fail = (status: number, code: string, message: string, extra?: Record<string, unknown>): never => {
  throw new AuthProblem(status, code, message, extra);
};

export const ok = (body: unknown, status = 200): AuthAnswer => ({
  status,
  headers: { ...API_VERSION_HEADERS, 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});
