// Tests make no outbound attempt. `startHost` names a file in CIRCASSIAN_OUTBOUND_LOG; each host
// has its processes write there every attempt to reach an address outside the machine (Node hosts
// through the preload outbound-guard.cjs, WordPress through its mu-plugin outbound-log.php), and
// stopping the host fails when the file is not empty.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const OUTBOUND_LOG_ENV = 'CIRCASSIAN_OUTBOUND_LOG';

const PRELOAD = join(import.meta.dirname, 'outbound-guard.cjs');

/**
 * The environment that makes a host's Node process record its outbound attempts, when the host was
 * started by a test (`startHost`); empty otherwise. `allowed`: addresses it may reach (the service's).
 */
export function outboundGuardEnv(allowed: readonly string[] = []): NodeJS.ProcessEnv {
  if (!process.env[OUTBOUND_LOG_ENV]) return {};
  return {
    NODE_OPTIONS: [process.env.NODE_OPTIONS, `--require ${PRELOAD}`].filter(Boolean).join(' '),
    CIRCASSIAN_OUTBOUND_ALLOWED: allowed.map((url) => new URL(url).hostname).join(','),
  };
}

export interface OutboundRecord {
  /** The file to name in CIRCASSIAN_OUTBOUND_LOG. */
  readonly file: string;
  /** What the host's processes tried to reach so far, one line each. */
  attempts(): string[];
  remove(): void;
}

/** A fresh, empty record for one host run. */
export function outboundRecord(): OutboundRecord {
  const dir = mkdtempSync(join(tmpdir(), 'circassian-outbound-'));
  const file = join(dir, 'attempts.log');
  return {
    file,
    attempts: () =>
      existsSync(file)
        ? readFileSync(file, 'utf8')
            .split('\n')
            .filter((line) => line !== '')
        : [],
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
