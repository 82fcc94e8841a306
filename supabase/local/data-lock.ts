/**
 * One local stack per data folder. Two PGlite instances on one folder each believe they own it, and the
 * writes of one are lost when the other closes, so the second start must refuse at once. The lock names
 * the process holding it: a lock left by a stack killed with SIGKILL belongs to no live process and is
 * taken over, so a restart never waits.
 */
import { openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

export function lockDataFolder(dataDir: string): () => void {
  // Beside the folder, not in it: the folder is PostgreSQL's own.
  const file = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(file, 'utf8').trim());
      if (holder && alive(holder)) {
        throw new Error(
          `The local database in ${dataDir} is in use by another \`npm start\` or \`npm run dev\` (process ${holder}). Stop that one first; two at once would lose each other's writes.`,
          { cause: error },
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock the local database in ${dataDir}.`);
}
