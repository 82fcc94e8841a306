import { RegExpParser } from '@eslint-community/regexpp';
import type { Character, CharacterClass, CharacterClassElement, CharacterSet, Element, Node } from '@eslint-community/regexpp/ast';

/**
 * The characters JavaScript counts as white space: what String.prototype.trim removes and what \s
 * matches (tests/unit/text-rules.test.ts checks this list against the running engine). The database's
 * own \s and btrim() mean less (locale-dependent, or only the space), so the generated SQL spells
 * the set out instead.
 */
export const WHITESPACE_RANGES: [number, number][] = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];

/** A character as a PostgreSQL regular-expression escape, which means the same inside and outside [...]. */
export function pgChar(codePoint: number): string {
  if (/[A-Za-z0-9]/.test(String.fromCodePoint(codePoint))) return String.fromCodePoint(codePoint);
  return codePoint > 0xffff ? `\\U${codePoint.toString(16).padStart(8, '0')}` : `\\u${codePoint.toString(16).padStart(4, '0')}`;
}

const range = ([from, to]: [number, number]) => (from === to ? pgChar(from) : `${pgChar(from)}-${pgChar(to)}`);

/** The inside of a bracket expression matching JavaScript white space. */
export const PG_WHITESPACE = WHITESPACE_RANGES.map(range).join('');

const SETS: Record<'digit' | 'space' | 'word', string> = { digit: '0-9', space: PG_WHITESPACE, word: 'A-Za-z0-9_' };

/** JavaScript's "." without the s flag: any character but a line terminator. */
const ANY = `[^${pgChar(0x0a)}${pgChar(0x0d)}${pgChar(0x2028)}${pgChar(0x2029)}]`;

/** PostgreSQL allows at most 255 as a repetition bound ({n,m}). */
const MAX_REPEAT = 255;

class Untranslatable extends Error {}

const propertyRangesCache = new Map<string, string>();

/**
 * A Unicode property (\\p{Cf}, \\P{L}, \\p{Script=Greek}) as the ranges of code points the JavaScript engine
 * itself says have it, since the database has no \\p: the two sides then agree character for character.
 * (Surrogates are left out: neither a JavaScript string the browser sends nor PostgreSQL text holds one alone.)
 */
function propertyRanges(raw: string): string {
  let written = propertyRangesCache.get(raw);
  if (written === undefined) {
    const has = new RegExp(`^${raw}$`, 'u');
    const ranges: [number, number][] = [];
    for (let codePoint = 0; codePoint <= 0x10ffff; codePoint++) {
      if (codePoint === 0xd800) codePoint = 0xe000;
      if (!has.test(String.fromCodePoint(codePoint))) continue;
      const last = ranges.at(-1);
      if (last && last[1] === codePoint - 1) last[1] = codePoint;
      else ranges.push([codePoint, codePoint]);
    }
    if (!ranges.length) throw new Untranslatable(`uses ${raw}, which no character has.`);
    written = ranges.map(range).join('');
    propertyRangesCache.set(raw, written);
  }
  return written;
}

function setInClass(set: CharacterSet): string {
  if (set.kind === 'property') return propertyRanges(set.raw);
  if (set.kind === 'any') throw new Untranslatable('uses "." inside [...].');
  if (set.negate) throw new Untranslatable(`uses \\${set.kind === 'digit' ? 'D' : set.kind === 'space' ? 'S' : 'W'} inside [...], which the database cannot check the same way; write out the characters instead.`);
  return SETS[set.kind];
}

function classElement(element: CharacterClassElement): string {
  switch (element.type) {
    case 'Character':
      return pgChar(element.value);
    case 'CharacterClassRange':
      return `${pgChar(element.min.value)}-${pgChar(element.max.value)}`;
    case 'CharacterSet':
      return setInClass(element);
    default:
      throw new Untranslatable('uses a character class feature the database cannot check the same way.');
  }
}

function characterClass(node: CharacterClass): string {
  const inner = node.elements.map(classElement).join('');
  if (!inner) throw new Untranslatable('has an empty [], which the database has no way to write.');
  return `[${node.negate ? '^' : ''}${inner}]`;
}

function characterSet(set: CharacterSet): string {
  if (set.kind === 'any') return ANY;
  if (set.kind === 'property') return `[${propertyRanges(set.raw)}]`;
  return `[${set.negate ? '^' : ''}${SETS[set.kind]}]`;
}

function element(node: Element): string {
  switch (node.type) {
    case 'Character':
      return pgChar((node as Character).value);
    case 'CharacterClass':
      return characterClass(node);
    case 'CharacterSet':
      return characterSet(node);
    case 'Group':
      return `(?:${node.alternatives.map((a) => a.elements.map(element).join('')).join('|')})`;
    case 'CapturingGroup':
      return `(${node.alternatives.map((a) => a.elements.map(element).join('')).join('|')})`;
    case 'Quantifier': {
      const { min, max } = node;
      if (min > MAX_REPEAT || (max !== Infinity && max > MAX_REPEAT)) {
        throw new Untranslatable(`repeats something more than ${MAX_REPEAT} times, which the database cannot check; use "maxLength" or "minLength" for lengths.`);
      }
      const inner = element(node.element);
      if (min === 0 && max === Infinity) return `${inner}*`;
      if (min === 1 && max === Infinity) return `${inner}+`;
      if (min === 0 && max === 1) return `${inner}?`;
      return `${inner}{${min}${max === min ? '' : `,${max === Infinity ? '' : max}`}}`;
    }
    case 'Assertion':
      if (node.kind === 'start') return '^';
      if (node.kind === 'end') return '$';
      throw new Untranslatable(`uses ${node.kind === 'word' ? 'a word boundary (\\b)' : `a ${node.kind}`}, which the database cannot check the same way.`);
    case 'Backreference':
      throw new Untranslatable('uses a back-reference, which the database cannot check the same way.');
    default:
      throw new Untranslatable(`uses ${(node as Node).type}, which the database cannot check the same way.`);
  }
}

function parse(pattern: string) {
  return new RegExpParser({ ecmaVersion: 2025 }).parsePattern(pattern, 0, pattern.length, { unicode: true });
}

/**
 * The PostgreSQL regular expression (ARE) that matches exactly the strings the JavaScript pattern
 * matches under Ajv (unicode flag, unanchored search), so the browser, the function and the database
 * agree on every answer.
 */
export function toPgPattern(pattern: string): string {
  return parse(pattern)
    .alternatives.map((a) => a.elements.map(element).join(''))
    .join('|');
}

/** Why a pattern cannot be used (invalid, or not checkable in the database), or null when it can. */
export function patternProblem(pattern: string, stored: boolean): string | null {
  try {
    parse(pattern);
  } catch (error) {
    return `is not a valid pattern: ${error instanceof Error ? error.message.replace(/^Invalid regular expression: \/.*\/[a-z]*: /, '') : String(error)}.`;
  }
  if (!stored) return null;
  try {
    toPgPattern(pattern);
    return null;
  } catch (error) {
    if (error instanceof Untranslatable) return `${error.message} Ask a developer, or use a simpler pattern.`;
    throw error;
  }
}
