import { describe, expect, it } from 'vitest';
import { patternProblem, toPgPattern, WHITESPACE_RANGES } from '../../scripts/generate/pg-pattern';
import { formText, unsaveableText } from '../../form-model/text-rules';

const inRanges = (cp: number) => WHITESPACE_RANGES.some(([from, to]) => cp >= from && cp <= to);

describe('one meaning of white space', () => {
  it('the list the database uses is exactly what this JavaScript engine trims and calls \\s', () => {
    const trimmed: number[] = [];
    const listed: number[] = [];
    const spaces: number[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const ch = String.fromCodePoint(cp);
      if (ch.trim() === '') trimmed.push(cp);
      if (inRanges(cp)) listed.push(cp);
      if (/\s/u.test(ch)) spaces.push(cp);
    }
    expect(listed).toEqual(trimmed);
    expect(listed).toEqual(spaces);
  });

  it('formText trims, turns blank into no answer and mends halves of surrogate pairs', () => {
    expect(formText('\u00a0 Ana\u2028')).toBe('Ana');
    expect(formText(' \n\t\ufeff ')).toBeUndefined();
    expect(formText('a\ud800b')).toBe('a\ufffdb');
    expect(formText('😀')).toBe('😀');
    // Nothing visible is no answer: a Hangul filler, the blank Braille pattern, zero-width spaces.
    for (const invisible of ['\u3164', '\u2800\u2800', '\u200b\u200b\u200b', ' \u200d\ufeff\u3164 ']) expect(formText(invisible)).toBeUndefined();
    expect(formText('Ana\u200b')).toBe('Ana\u200b');
    expect(formText('👩\u200d💻')).toBe('👩\u200d💻');
    expect(unsaveableText('a\u0000b')).toBe(true);
    expect(unsaveableText('ab')).toBe(false);
  });
});

describe('patterns written for the database', () => {
  it('spell out classes whose meaning differs between JavaScript and PostgreSQL', () => {
    expect(toPgPattern('^[0-9]{5}(-[0-9]{4})?$')).toBe('^[0-9]{5}(\\u002d[0-9]{4})?$');
    expect(toPgPattern('\\d+')).toBe('[0-9]+');
    expect(toPgPattern('a.b')).toBe('a[^\\u000a\\u000d\\u2028\\u2029]b');
    expect(toPgPattern('\\S')).toMatch(/^\[\^\\u0009-\\u000d\\u0020\\u00a0/);
    expect(toPgPattern('😀')).toBe('\\U0001f600');
  });

  it('spell out Unicode categories as the characters this JavaScript engine puts in them', () => {
    const pg = toPgPattern('^[^\\s@\\p{Cc}\\p{Cf}]+$');
    for (const invisible of ['\\u202a-\\u202e', '\\u200b-\\u200f', '\\u00ad', '\\u2066-\\u206f', '\\u0000-\\u001f', '\\U000e0020-\\U000e007f']) expect(pg).toContain(invisible);
    expect(toPgPattern('\\p{Lu}')).toMatch(/^\[A-Z\\u00c0-\\u00d6/);
    expect(patternProblem('^\\p{L}+$', true)).toBeNull();
    expect(patternProblem('\\p{NotAProperty}', true)).toMatch(/^is not a valid pattern/);
  });

  it('refuse what the database cannot check the same way, and what is not a pattern', () => {
    expect(patternProblem('^(?=a)', true)).toContain('lookahead');
    expect(patternProblem('\\bword', true)).toContain('word boundary');
    expect(patternProblem('(a)\\1', true)).toContain('back-reference');
    expect(patternProblem('a{1,1000}', true)).toContain('more than 255 times');
    expect(patternProblem('[\\S@]', true)).toContain('\\S inside [...]');
    expect(patternProblem('(', true)).toMatch(/^is not a valid pattern/);
    expect(patternProblem('^(?=a)', false)).toBeNull();
  });
});
