// The app's secrets (APP_KEYS, JWT secrets, salts, the encryption key), made once per data
// directory so sessions and API tokens stay valid across restarts on the same database.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const NAMES = ['ADMIN_JWT_SECRET', 'API_TOKEN_SALT', 'TRANSFER_TOKEN_SALT', 'JWT_SECRET', 'ENCRYPTION_KEY'] as const;

export function appSecrets(dataDir: string): Record<string, string> {
  const file = join(dataDir, 'app-secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  const secret = () => randomBytes(24).toString('base64');
  const secrets: Record<string, string> = { APP_KEYS: [secret(), secret()].join(',') };
  for (const name of NAMES) secrets[name] = secret();
  writeFileSync(file, `${JSON.stringify(secrets)}\n`, { mode: 0o600 });
  return secrets;
}
