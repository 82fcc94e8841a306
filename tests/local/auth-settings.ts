import { readAuthConfig, type AuthConfig } from '../../supabase/local/auth/config';

/** Auth for a gateway under test: config.toml's settings, mail to the given SMTP port, and any overrides. */
export function testAuth(smtpPort: number, overrides: Partial<AuthConfig> = {}) {
  return { config: { ...readAuthConfig(), ...overrides }, mail: { host: '127.0.0.1', port: smtpPort, from: 'Keystone Impact <auth@localhost>' } };
}
