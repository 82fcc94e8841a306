import { join, relative, resolve } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

/**
 * Where the production build goes: dist/, or DIST_DIR (the end-to-end tests build elsewhere, so a
 * running `npm start` keeps serving its own build).
 */
export const distDir = process.env.DIST_DIR ? resolve(root, process.env.DIST_DIR) : join(root, 'dist');
export const distLabel = `${relative(root, distDir)}/`;
