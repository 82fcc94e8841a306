// Types for `virtual:site-shell` (tsconfig maps the id here); the Vite plugin in scripts/vite supplies the value.
import type { SiteShell } from './site-shell';

export declare const shell: SiteShell;
