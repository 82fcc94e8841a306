/**
 * What an email question accepts (`"format": "email"` in a schema): one rule, which `npm run generate`
 * writes into the form's pattern, so the browser, the edge function and the database's check (the
 * pattern translated to SQL) accept the same addresses, character for character.
 *
 * Beyond "something@something.something" with no spaces or invisible characters, it refuses the
 * look-alikes a spoofed address is made of (decision 037), the way browsers decide whether to show a
 * domain in Unicode (Unicode UTS #39, "highly restrictive"):
 * - each part (the part before @, and each part of the domain between dots) is written in one script:
 *   `сeo` (a Cyrillic с among Latin letters) or `exampӏe` (a Cyrillic ӏ) are refused, while `josé`,
 *   `иван@почта.рф`, `用户@例子.广告` and `tanaka太郎` (Latin with Chinese and Japanese) are accepted;
 * - a Cyrillic part made only of letters that look Latin (`сео`, `ехамрӏе`) is refused unless the
 *   address ends in a Cyrillic domain such as `.рф`, where such words are what they seem;
 * - Latin means the letters of European and Vietnamese writing, not fullwidth letters (`ｇmail`) or
 *   phonetic ones (`ɡ`, `ǀ`).
 * A JavaScript regular expression with no lookaround, which the generator's translation to SQL
 * (scripts/generate/pg-pattern.ts) can check the same way.
 */

/** Characters the part before @ may have in any script (RFC 5322's atom; dots only between atoms). */
const LOCAL_MARKS = "0-9!#$%&'*+/=?^_`{|}~\\-";
const DIGITS = '0-9';

/** Latin letters of the world's languages: ASCII, Latin-1, Extended-A, Vietnamese, Romanian, Pinyin. */
const LATIN = 'a-zA-Z\\u00c0-\\u00d6\\u00d8-\\u00f6\\u00f8-\\u017f\\u01a0\\u01a1\\u01af\\u01b0\\u01cd-\\u01dc\\u0218-\\u021b\\u1e00-\\u1eff';

/** Cyrillic letters that look like Latin ones (lower and upper case; Chromium's list, with the capitals). */
const CYRILLIC_LIKE_LATIN = '\\u043f\\u0433\\u044a\\u042c\\u0517\\u0430\\u0441\\u0435\\u043e\\u0440\\u0445\\u0443\\u0455\\u0456\\u0458\\u0501\\u04bb\\u04cf\\u051b\\u051d\\u0475\\u0461\\u04bd\\u0410\\u0412\\u0415\\u041a\\u041c\\u041d\\u041e\\u0420\\u0421\\u0422\\u0425\\u0423\\u0405\\u0406\\u0408\\u051a\\u051c\\u04c0\\u04ba';
/** The Cyrillic letters of modern languages (U+0400–U+045F, U+048A–U+052F). */
const CYRILLIC = '\\u0400-\\u045f\\u048a-\\u052f';
/** CYRILLIC without CYRILLIC_LIKE_LATIN, as ranges (written out: the database has no class subtraction). */
const CYRILLIC_UNLIKE_LATIN = cyrillicUnlikeLatin();

/**
 * Scripts no Latin letter is mistaken for, each accepted on its own, as the blocks of their letters
 * (written out rather than as \p{Script=...}, which the database would need spelt out in thousands of
 * ranges). The invisible fillers inside them (Hangul U+115F, U+1160, U+3164; Khmer U+17B4, U+17B5;
 * Arabic's format characters) are left out.
 */
const OTHER_SCRIPTS = [
  '\\u0386\\u0388-\\u038a\\u038c\\u038e-\\u03a1\\u03a3-\\u03ce', // Greek
  '\\u0531-\\u0556\\u0561-\\u0587', // Armenian
  '\\u05d0-\\u05ea', // Hebrew
  '\\u0620-\\u064a\\u0660-\\u0669\\u066e-\\u06d3\\u06d5\\u06ee-\\u06ff\\u0750-\\u077f', // Arabic
  '\\u0900-\\u097f', // Devanagari
  '\\u0980-\\u09ff', // Bengali
  '\\u0a00-\\u0a7f', // Gurmukhi
  '\\u0a80-\\u0aff', // Gujarati
  '\\u0b80-\\u0bff', // Tamil
  '\\u0c00-\\u0c7f', // Telugu
  '\\u0c80-\\u0cff', // Kannada
  '\\u0d00-\\u0d7f', // Malayalam
  '\\u0d80-\\u0dff', // Sinhala
  '\\u0e01-\\u0e3a\\u0e40-\\u0e5b', // Thai
  '\\u0e80-\\u0eff', // Lao
  '\\u0f00-\\u0fff', // Tibetan
  '\\u1000-\\u109f', // Myanmar
  '\\u10a0-\\u10ff', // Georgian
  '\\u1200-\\u137f', // Ethiopic
  '\\u1780-\\u17b3\\u17b6-\\u17ff', // Khmer
  // Chinese, Japanese and Korean are written mixed, and with Latin letters.
  'a-zA-Z\\u3400-\\u4dbf\\u4e00-\\u9fff\\u3041-\\u309f\\u30a0-\\u30ff\\u3105-\\u312f\\uac00-\\ud7a3\\u1100-\\u115e\\u1161-\\u11ff\\u3131-\\u3163\\u3165-\\u318e',
];

function cyrillicUnlikeLatin(): string {
  const like = new Set([...JSON.parse(`"${CYRILLIC_LIKE_LATIN}"`)].map((c: string) => c.codePointAt(0)!));
  const hex = (n: number) => `\\u${n.toString(16).padStart(4, '0')}`;
  const ranges: [number, number][] = [];
  for (const [from, to] of [[0x400, 0x45f], [0x48a, 0x52f]] as const) {
    for (let c = from; c <= to; c++) {
      if (like.has(c)) continue;
      const last = ranges.at(-1);
      if (last && last[1] === c - 1) last[1] = c;
      else ranges.push([c, c]);
    }
  }
  return ranges.map(([a, b]) => (a === b ? hex(a) : `${hex(a)}-${hex(b)}`)).join('');
}

/**
 * The three kinds of part, each written in one script with `letters` (a character class's contents):
 * - the part before @: atoms of letters and marks joined by single dots (RFC 5322's dot-atom: no dot first,
 *   last or twice in a row, which no mail server delivers to unquoted);
 * - a label of the domain: letters and digits, with dashes only inside (RFC 1035);
 * - the last label: the same, starting with a letter (no top-level domain is all digits, RFC 3696).
 * `must` (optional): a class of which the part holds at least one letter.
 */
type Part = (letters: string, must?: string) => string;
const dotAtom: Part = (l, must) => {
  const atom = `[${l}${LOCAL_MARKS}]`;
  return must ? `(?:${atom}\\.?)*[${must}](?:\\.?${atom})*` : `${atom}(?:\\.?${atom})*`;
};
const label: Part = (l, must) => {
  const edge = `[${l}${DIGITS}]`;
  return must ? `(?:${edge}-*)*[${must}](?:-*${edge})*` : `${edge}(?:-*${edge})*`;
};
const topLabel: Part = (l, must) => {
  const edge = `[${l}${DIGITS}]`;
  return must ? `(?:[${l}](?:${edge}|-)*)?[${must}](?:-*${edge})*` : `[${l}](?:-*${edge})*`;
};

/** A part in one script: Latin, Cyrillic (any letter, or with one that does not look Latin: `safe`) or another. */
const inOneScript = (part: Part, safe: boolean) =>
  `(?:${[part(LATIN), safe ? part(CYRILLIC, CYRILLIC_UNLIKE_LATIN) : part(CYRILLIC), ...OTHER_SCRIPTS.map((letters) => part(letters))].join('|')})`;

const anyLocal = inOneScript(dotAtom, false);
const anyLabel = inOneScript(label, false);
const safeLocal = inOneScript(dotAtom, true);
const safeLabel = inOneScript(label, true);
const safeTop = inOneScript(topLabel, true);

/** The pattern `"format": "email"` stands for (a JavaScript regular expression, with the u flag). */
export const EMAIL_PATTERN = `^(?:${anyLocal}@(?:${anyLabel}\\.)+[${CYRILLIC}]+|${safeLocal}@(?:${safeLabel}\\.)+${safeTop})$`;

/** The named rules a question may use, by the name its schema gives in "format". */
export const NAMED_FORMATS: Record<string, string> = { email: EMAIL_PATTERN };
