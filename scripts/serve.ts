/**
 * Serves the production build like a real static host: the prerendered file for each route,
 * precompressed brotli/gzip, immutable caching for hashed assets, security headers, and a real
 * HTTP 404 with the not-found page for unknown paths.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { distDir, distLabel } from './lib/dist-dir.ts';
import { createSiteServer } from './serve/site-server.ts';

const dist = distDir;
const port = Number(process.env.PORT ?? 3000);

if (!existsSync(join(dist, 'index.html'))) {
  console.error(`No build found in ${distLabel}. Run \`npm run build\` first (\`npm start\` does both).`);
  process.exit(1);
}

const server = createSiteServer(dist);
server.on('error', (error: NodeJS.ErrnoException) => {
  console.error(
    error.code === 'EADDRINUSE'
      ? `Port ${port} is already in use. Stop the other server or pick another port: PORT=3001 npm start`
      : `The site server could not start: ${error.message}`,
  );
  process.exit(1);
});
server.listen(port, () => console.log(`Site ready at http://localhost:${port}`));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
