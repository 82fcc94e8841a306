/** PostgREST's Error module: a database error as the HTTP status and body hosted answers with. */
import { answer, type RestAnswer } from './response.ts';

export interface PgError {
  code?: string;
  message?: string;
  detail?: string;
  hint?: string;
}


/**
 * PostgREST's mapping of Postgres errors to HTTP statuses (mapSQLtoHTTP in its Error.hs), so a failure
 * answers here with the status hosted gives; a lost connection (57P01–57P03) is 503 here to say "retry".
 */
const STATUS_BY_SQLSTATE: [RegExp, number][] = [
  [/^08|^57P0[1-3]$/, 503],
  [/^09/, 500],
  [/^0[LP]/, 403],
  [/^2350[35]$/, 409],
  [/^25006$/, 405],
  [/^2[5D]/, 500],
  [/^28/, 403],
  [/^3[89B]/, 500],
  [/^40/, 500],
  [/^53400$/, 500],
  [/^53/, 503],
  [/^5[4578]/, 500],
  [/^(F0|HV)/, 500],
  [/^P0001$/, 400],
  [/^(P0|XX)/, 500],
  [/^42883$|^42P01$/, 404],
  [/^42P17$/, 500],
];

export function fromPg(error: PgError, role: string): RestAnswer {
  const code = error.code ?? '';
  const status =
    code === '42501' ? (role === 'anon' ? 401 : 403) :
    code === '21000' && !/requires a WHERE clause$/.test(error.message ?? '') ? 500 :
    STATUS_BY_SQLSTATE.find(([pattern]) => pattern.test(code))?.[1] ?? 400;
  const body = { code, message: error.message ?? 'Database error', details: error.detail ?? null, hint: error.hint ?? null };
  // Unavailable for a moment (the connection is being re-established): say when to try again.
  return answer(status, body, status === 503 ? { 'Retry-After': '1' } : {});
}
