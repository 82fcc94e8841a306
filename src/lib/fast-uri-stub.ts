/**
 * Stands in for fast-uri in the browser's build (vite.config.ts), where only RJSF's utils import it, to
 * resolve `$ref`s and `$id`s in draft 2020-12 schemas. Every form here is draft-07 (`npm run generate`
 * refuses any other "$schema"), so RJSF never calls it, and the real one is about 8 KB gzip on every form
 * page. Should that change, a call fails loudly rather than resolve a reference wrongly. (Ajv's compiler
 * needs the real one; it runs only in `npm run dev`, the prerender and the tests, never in the built pages.)
 */
const notHere = (): never => {
  throw new Error('fast-uri is not bundled: the site\'s forms are JSON Schema draft-07 (vite.config.ts, src/lib/fast-uri-stub.ts).');
};

export default { equal: notHere, resolve: notHere };
