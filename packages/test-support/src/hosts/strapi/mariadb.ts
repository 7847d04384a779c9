// A private MariaDB for `--database mysql` (Strapi's `mysql` client, which serves MySQL and
// MariaDB): Debian's server, a data directory of our own, a free port on 127.0.0.1 and a socket
// in the data directory; nothing touches a system server. As root the server runs as the `mysql`
// user the Debian package creates. A second `pnpm host strapi` on the same data directory shares
// the running server, as with PostgreSQL.
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { ensureDebianPackages } from '../lib/apt.js';
import { freePort, run, startService, type Service } from '../lib/processes.js';
import { log } from '../lib/log.js';

export interface RunningMariadb {
  readonly port: number;
  readonly database: string;
  readonly user: string;
  readonly password: string;
  stop(): Promise<void>;
}

const DATABASE = 'strapi';
const USER = 'strapi';
// Reachable only on 127.0.0.1 and only for this throwaway database.
const PASSWORD = 'strapi';

export async function ensureMariadbInstalled(): Promise<void> {
  await ensureDebianPackages(['mariadb-server']);
}

/** The server user must be able to pass through the data directory's parents (a mkdtemp one is 0700). */
function traversable(dir: string): void {
  if (process.getuid?.() !== 0) return;
  const parent = dirname(dir);
  chmodSync(parent, statSync(parent).mode | 0o001);
}

/** The port of a server already running on this data directory (another instance started it), if any. */
function runningPort(dir: string): number | undefined {
  try {
    const pid = Number(readFileSync(join(dir, 'mariadb.pid'), 'utf8').trim());
    process.kill(pid, 0);
    const port = Number(readFileSync(join(dir, 'port'), 'utf8').trim());
    return Number.isInteger(port) && port > 0 ? port : undefined;
  } catch {
    return undefined;
  }
}

export async function startMariadb(dataDir: string): Promise<RunningMariadb> {
  await ensureMariadbInstalled();
  const root = join(dataDir, 'mariadb');
  const data = join(root, 'data');
  const socket = join(root, 'mariadb.sock');
  const shared = runningPort(root);
  if (shared !== undefined) {
    log(`sharing the MariaDB already running on 127.0.0.1:${shared} (${root})`);
    return { port: shared, database: DATABASE, user: USER, password: PASSWORD, stop: async () => {} };
  }
  mkdirSync(root, { recursive: true });
  traversable(root);
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await run('chown', ['mysql:mysql', root]);
  if (!existsSync(join(data, 'mysql'))) {
    await run('mariadb-install-db', [
      '--no-defaults',
      `--datadir=${data}`,
      ...(asRoot ? ['--user=mysql'] : []),
      '--auth-root-authentication-method=socket',
      '--skip-test-db',
    ]);
  }
  const port = await freePort();
  await run('sh', ['-c', `echo ${port} > '${join(root, 'port')}'`]);
  const service: Service = startService('mariadb', 'mariadbd', [
    '--no-defaults',
    `--datadir=${data}`,
    `--socket=${socket}`,
    `--pid-file=${join(root, 'mariadb.pid')}`,
    `--port=${port}`,
    '--bind-address=127.0.0.1',
    '--skip-name-resolve',
    // A test database: speed over durability.
    '--innodb-flush-log-at-trx-commit=0',
    '--character-set-server=utf8mb4',
    ...(asRoot ? ['--user=mysql'] : []),
  ]);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ping = spawnSync('mariadb-admin', ['--no-defaults', `--socket=${socket}`, '-u', 'root', 'ping'], { encoding: 'utf8' });
    if (ping.status === 0) break;
    if (Date.now() > deadline) {
      await service.stop();
      throw new Error(`MariaDB did not start within 60 s: ${ping.stderr.trim()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await run('mariadb', [
    '--no-defaults',
    `--socket=${socket}`,
    '-u',
    'root',
    '-e',
    `CREATE DATABASE IF NOT EXISTS ${DATABASE} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
     CREATE USER IF NOT EXISTS '${USER}'@'127.0.0.1' IDENTIFIED BY '${PASSWORD}';
     GRANT ALL ON ${DATABASE}.* TO '${USER}'@'127.0.0.1';`,
  ]);
  log(`MariaDB on 127.0.0.1:${port} (${root})`);
  return { port, database: DATABASE, user: USER, password: PASSWORD, stop: () => service.stop() };
}
