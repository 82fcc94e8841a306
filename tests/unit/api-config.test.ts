// supabase/config.toml is the one place the local stand-in's ports and row cap are set, as for `supabase start`.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readApiConfig } from '../../supabase/local/api-config';
import { localBackend } from '../../scripts/lib/local-backend';

describe('the local API settings', () => {
  it("are config.toml's: the ports Supabase's local stack uses and PostgREST's row cap", () => {
    expect(readApiConfig()).toEqual({ port: 54321, maxRows: 1000, inboxPort: 54324, inboxSmtpPort: 54325 });
    // What npm start listens on, unless the environment moves it.
    if (!process.env.SUPABASE_API_PORT && !process.env.INBOX_PORT && !process.env.INBOX_SMTP_PORT) {
      expect([localBackend.apiPort, localBackend.inboxHttpPort, localBackend.inboxSmtpPort]).toEqual([54321, 54324, 54325]);
    }
  });

  it('follow an edited config.toml', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'config-')), 'config.toml');
    writeFileSync(file, '[api]\nport = 60021\nmax_rows = 250\n\n[inbucket]\nport = 60024\nsmtp_port = 60025\n');
    expect(readApiConfig(file)).toEqual({ port: 60021, maxRows: 250, inboxPort: 60024, inboxSmtpPort: 60025 });
    writeFileSync(file, '[api]\nport = 60021\n');
    expect(readApiConfig(file).maxRows).toBeNull();
  });
});
