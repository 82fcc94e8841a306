// The shell as tests outside Vite see it: the same projection the Vite plugin serves.
import * as config from '../../site.config';
import { projectShell } from '../../src/config/site-shell';

export const shell = projectShell(config);
