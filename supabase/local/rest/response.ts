/** PostgREST's responses: a status, headers and a JSON body; its error shape; Content-Range. */

export interface RestAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export function answer(status: number, body?: unknown, headers: Record<string, string> = {}): RestAnswer {
  return { status, headers: body === undefined ? headers : { 'Content-Type': 'application/json; charset=utf-8', ...headers }, body: body === undefined ? '' : JSON.stringify(body) };
}

export const problem = (status: number, code: string, message: string, details: string | null = null, hint: string | null = null) =>
  answer(status, { code, message, details, hint });

export class RequestProblem extends Error {
  constructor(readonly reply: RestAnswer) {
    super(reply.body);
  }
}
export const refuse = (status: number, code: string, message: string, details: string | null = null): never => {
  throw new RequestProblem(problem(status, code, message, details));
};


/** Content-Range as PostgREST writes it: the rows' place in the result, and the total when it was counted. */
export function contentRange(offset: number, count: number, total: number | null): string {
  return `${count ? `${offset}-${offset + count - 1}` : '*'}/${total ?? '*'}`;
}

export function shaped(rows: unknown[], wantsObject: boolean, status: number, range = contentRange(0, rows.length, null)): RestAnswer {
  if (!wantsObject) return answer(status, rows, { 'Content-Range': range });
  if (rows.length !== 1) return problem(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${rows.length} rows`);
  return answer(status, rows[0]);
}
