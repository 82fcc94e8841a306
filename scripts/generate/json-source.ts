import { readFileSync } from 'node:fs';
import { createScanner, findNodeAtLocation, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';

/** A place in a JSON file: the path of keys and indexes, as in a JSON Pointer. */
export type JsonPath = (string | number)[];

/** A parsed JSON file of schemas/, with its text kept so a problem can name the line it is on. */
export interface SourceFile<T> {
  /** As people see it: schemas/contact.schema.json */
  path: string;
  json: T;
  text: string;
  tree: Node | undefined;
}

/**
 * One mistake in schemas/: the file, where in it (a JSON path, resolved to line and column when the
 * file's text is known), and a plain sentence that says what to change.
 */
export class SchemaProblem extends Error {
  readonly line: number | null;
  readonly column: number | null;
  /** The offending line with a caret under the spot, for people reading a terminal. */
  readonly excerpt: string;

  constructor(
    readonly file: string,
    readonly at: JsonPath,
    readonly sentence: string,
    source?: { text: string; offset: number } | null,
  ) {
    const where = source ? lineAndColumn(source.text, source.offset) : null;
    super(`${file}${where ? `:${where.line}:${where.column}` : ''}${at.length ? ` (at ${pointer(at)})` : ''}: ${sentence}`);
    this.line = where?.line ?? null;
    this.column = where?.column ?? null;
    this.excerpt = source && where ? excerpt(source.text, where.line, where.column) : '';
  }

  /** The message and the line it is about, as the generator prints it. */
  get report(): string {
    return this.excerpt ? `${this.message}\n${this.excerpt}` : this.message;
  }
}

export const pointer = (at: JsonPath) => `/${at.map((p) => String(p).replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`;

/** "/properties/a~1b/0" -> ["properties", "a/b", 0]: Ajv reports places as JSON Pointers. */
export function fromPointer(text: string): JsonPath {
  if (!text || text === '/') return [];
  return text
    .slice(1)
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

function lineAndColumn(text: string, offset: number) {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - (before.lastIndexOf('\n') + 1) + 1 };
}

function excerpt(text: string, line: number, column: number): string {
  const content = (text.split('\n')[line - 1] ?? '').replace(/\r$/, '');
  const gutter = String(line).length;
  // Tabs keep their width so the caret lands under the right character.
  const pad = content.slice(0, column - 1).replace(/[^\t]/g, ' ');
  return `    ${line} | ${content}\n    ${' '.repeat(gutter)} | ${pad}^`;
}

/** Where a problem points: a key ("requried": …) or the value stored under it. */
export type Target = 'key' | 'value';

/** The offset of a path's key or value in the file, or of the closest enclosing thing that exists. */
export function offsetOf(file: SourceFile<unknown>, at: JsonPath, target: Target = 'value'): number {
  if (!file.tree) return 0;
  for (let depth = at.length; depth >= 0; depth--) {
    const node = findNodeAtLocation(file.tree, at.slice(0, depth));
    if (!node) continue;
    const isKey = target === 'key' && depth === at.length && node.parent?.type === 'property';
    return isKey ? node.parent!.offset : node.offset;
  }
  return 0;
}

export function problemAt(file: SourceFile<unknown>, at: JsonPath, sentence: string, target: Target = 'value'): SchemaProblem {
  return new SchemaProblem(file.path, at, sentence, { text: file.text, offset: offsetOf(file, at, target) });
}

/**
 * A fix the reader is told to make, made here too so the rest of the file can be read (`at` and `remove`
 * in the text as it stands, `insert` put there): the next mistake is then said in the same run.
 */
interface Repair {
  at: number;
  remove: number;
  insert: string;
}

// jsonc-parser's SyntaxKind (a const enum its types declare, which this module's syntax cannot read).
const UNKNOWN_TOKEN = 16;
const END_OF_FILE = 17;
const CURLY_QUOTES = /[\u201c\u201d\u201e\u201f\u00ab\u00bb]/g;
const CURLY_SENTENCE = (quote: string) =>
  `is not valid JSON: ${quote} is a curly quote, as a word processor types them. Use straight double quotes " around names and text (replace every “ and ” with ").`;

/** Where curly quotes stand in for JSON's quotes: outside any text in quotes, where the reader may well write them. */
function curlyQuotesOutsideText(text: string): number[] {
  const scanner = createScanner(text, false);
  const found: number[] = [];
  for (let kind: number = scanner.scan(); kind !== END_OF_FILE; kind = scanner.scan()) {
    if (kind !== UNKNOWN_TOKEN) continue;
    const start = scanner.getTokenOffset();
    for (const quote of text.slice(start, start + scanner.getTokenLength()).matchAll(CURLY_QUOTES)) found.push(start + quote.index);
  }
  return found;
}

/** What usually causes each syntax error, said as the fix; with the fix itself where it is certain. */
function syntaxHint(error: ParseError, text: string): { offset: number; sentence: string; repair?: Repair | ((text: string) => string) } {
  const before = text.slice(0, error.offset).trimEnd();
  const here = text[error.offset] ?? '';
  const previousLineEnd = before.length;
  const code = printParseErrorCode(error.error);
  if ((code === 'ValueExpected' || code === 'PropertyNameExpected') && before.endsWith(',') && (here === ']' || here === '}')) {
    return {
      offset: previousLineEnd - 1,
      sentence: `is not valid JSON: remove this comma. The last item of a list [...] or the last entry of a {...} has no comma after it.`,
      repair: { at: previousLineEnd - 1, remove: 1, insert: ' ' },
    };
  }
  if (code === 'CommaExpected' || code === 'CloseBraceExpected' || code === 'CloseBracketExpected') {
    if (here === '"' || here === '{' || here === '[' || /[\d\-tfn]/.test(here)) {
      return {
        offset: previousLineEnd,
        sentence: 'is not valid JSON: a comma is missing here. Items of a list, and entries of a {...}, are separated by commas.',
        repair: { at: previousLineEnd, remove: 0, insert: ',' },
      };
    }
    if (code === 'CloseBraceExpected' || code === 'CloseBracketExpected') {
      const closer = code === 'CloseBraceExpected' ? '}' : ']';
      return { offset: error.offset, sentence: `is not valid JSON: a closing ${closer} is missing before this point.` };
    }
  }
  // Pasted from a word processor: “smart” quotes look like quotes but are not JSON's.
  if (/[\u201c\u201d\u201e\u201f\u2018\u2019\u00ab\u00bb]/.test(here)) {
    return {
      offset: error.offset,
      sentence: CURLY_SENTENCE(here),
      // Every one outside the text is replaced before reading on; syntaxProblems names each line that has one.
      repair: (all) => curlyQuotesOutsideText(all).reduce((fixed, at) => `${fixed.slice(0, at)}"${fixed.slice(at + 1)}`, all),
    };
  }
  if (code === 'InvalidSymbol' && here === "'") {
    return { offset: error.offset, sentence: `is not valid JSON: use double quotes "..." around names and text, not single quotes.` };
  }
  // `"title": "Full Name, "maxLength"`: the text ran on to the next quote, so the parser stops at the
  // next word; the quote that is missing belongs before the comma (or, in a name, the colon) it swallowed.
  const swallowed = /[A-Za-z_]/.test(here) ? /([,:])\s*"$/.exec(before) : null;
  if (swallowed) {
    const mark = swallowed[1] === ',' ? 'comma' : 'colon';
    return { offset: swallowed.index, sentence: `is not valid JSON: a closing double quote " is missing before this ${mark}.`, repair: { at: swallowed.index, remove: 0, insert: '"' } };
  }
  if (code === 'PropertyNameExpected' || (code === 'InvalidSymbol' && /[A-Za-z_]/.test(here))) {
    return { offset: error.offset, sentence: 'is not valid JSON: names and text must be in double quotes, for example "title".' };
  }
  if (code === 'InvalidCommentToken' || text.startsWith('//', error.offset) || text.startsWith('/*', error.offset)) {
    const end = text.startsWith('/*', error.offset) ? text.indexOf('*/', error.offset) + 2 : text.indexOf('\n', error.offset);
    const length = (end > error.offset ? end : text.length) - error.offset;
    return {
      offset: error.offset,
      sentence: 'is not valid JSON: JSON files cannot hold comments. Remove it (a schema may use a "$comment" entry instead).',
      repair: { at: error.offset, remove: length, insert: ' '.repeat(length) },
    };
  }
  if (code === 'UnexpectedEndOfString') return { offset: error.offset, sentence: 'is not valid JSON: this text has no closing double quote ".' };
  if (code === 'InvalidEscapeCharacter') {
    return { offset: error.offset, sentence: 'is not valid JSON: a backslash must be doubled (\\\\) unless it starts \\", \\n, \\t or \\u.' };
  }
  if (code === 'ColonExpected') return { offset: error.offset, sentence: 'is not valid JSON: a colon : is missing between the name and its value.' };
  if (code === 'EndOfFileExpected') return { offset: error.offset, sentence: 'is not valid JSON: there is more after the end; the file must hold one {...}.' };
  if (code === 'ValueExpected' && here === '') return { offset: error.offset, sentence: 'is not valid JSON: the file ends too early; a closing } or ] is missing.' };
  return { offset: error.offset, sentence: `is not valid JSON (${code}) at this point.` };
}

/** Keys that appear twice in one {...}: JSON keeps only the last, which silently drops the first. */
function duplicateKeys(file: SourceFile<unknown>): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const visit = (node: Node | undefined) => {
    if (!node) return;
    if (node.type === 'object') {
      const seen = new Set<string>();
      for (const property of node.children ?? []) {
        const key = property.children?.[0];
        if (key && seen.has(key.value)) {
          problems.push(new SchemaProblem(file.path, [], `has "${String(key.value)}" twice in the same {...}; only the last one would count. Remove or merge one of them.`, { text: file.text, offset: key.offset }));
        }
        if (key) seen.add(key.value);
      }
    }
    for (const child of node.children ?? []) visit(child);
  };
  visit(file.tree);
  return problems;
}

const lineOf = (text: string, offset: number) => text.slice(0, offset).split('\n').length;

/**
 * Every syntax mistake of a file, in one run (issue 38, 5). The parser's first error is the real one; its
 * later ones mostly follow from it. So each mistake whose fix is certain (a comma too many or missing, a
 * comment, curly quotes, a closing quote) is fixed in a copy and the copy read again, until it reads or a
 * mistake has no certain fix; each is said at its place in the file as written.
 */
function syntaxProblems(text: string, first: ParseError, shownPath: string): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const said = new Set<string>();
  let current = text;
  // Where characters were inserted into the copy, so an offset in it can be told in the file as written.
  let inserted: number[] = [];
  let error: ParseError | undefined = first;
  for (let round = 0; error && round < 20; round++) {
    const { offset, sentence, repair } = syntaxHint(error, current);
    const at = offset - inserted.filter((o) => o < offset).length;
    if (said.has(`${at} ${sentence}`)) break;
    said.add(`${at} ${sentence}`);
    problems.push(new SchemaProblem(shownPath, [], sentence, { text, offset: at }));
    if (!repair) break;
    if (typeof repair === 'function') {
      // Curly quotes come pasted in bunches: each other line that has them is named too, once.
      const lines = new Set([lineOf(text, at)]);
      for (const quote of curlyQuotesOutsideText(current)) {
        const original = quote - inserted.filter((o) => o < quote).length;
        if (lines.has(lineOf(text, original))) continue;
        lines.add(lineOf(text, original));
        problems.push(new SchemaProblem(shownPath, [], CURLY_SENTENCE(current[quote]!), { text, offset: original }));
      }
      current = repair(current);
    }
    else {
      current = current.slice(0, repair.at) + repair.insert + current.slice(repair.at + repair.remove);
      const grown = repair.insert.length - repair.remove;
      inserted = inserted.map((o) => (o >= repair.at ? o + grown : o));
      for (let i = 0; i < grown; i++) inserted.push(repair.at + i);
    }
    const errors: ParseError[] = [];
    parseTree(current, errors, { allowTrailingComma: false, disallowComments: true, allowEmptyContent: false });
    error = errors[0];
  }
  return problems;
}

/** Reads a JSON file strictly (no comments, no trailing commas, no duplicate keys). */
export function readJsonSource<T>(absolutePath: string, shownPath: string): { file: SourceFile<T> | null; problems: SchemaProblem[] } {
  const text = readFileSync(absolutePath, 'utf8');
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true, allowEmptyContent: false });
  if (errors.length) return { file: null, problems: syntaxProblems(text, errors[0]!, shownPath) };
  const file: SourceFile<T> = { path: shownPath, json: JSON.parse(text) as T, text, tree };
  return { file, problems: duplicateKeys(file) };
}
