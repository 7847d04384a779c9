// A private PostgreSQL for `--database postgres`: Debian's server binaries, a data directory of
// our own and a free port; nothing touches a system cluster. PostgreSQL refuses to run as root,
// so as root the server runs as the `postgres` user the Debian package creates.
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { ensureDebianPackages } from '../lib/apt.js';
import { freePort, run, startService, type Service } from '../lib/processes.js';
import { log } from '../lib/log.js';

export interface RunningPostgres {
  readonly port: number;
  readonly database: string;
  readonly user: string;
  stop(): Promise<void>;
}

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const version = versions[0];
  if (!version) throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql');
  return join(root, version, 'bin');
}

/** `command` run as the postgres user when we are root (initdb and postgres refuse root). */
function asServerUser(command: string, args: readonly string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, [...args]];
}

function ownedByServerUser(dir: string): void {
  if (process.getuid?.() !== 0) return;
  // The server user must be able to pass through the data directory (a mkdtemp one is 0700).
  const parent = dirname(dir);
  chmodSync(parent, statSync(parent).mode | 0o001);
  const id = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  chownSync(dir, Number(id.stdout.trim()), Number(gid.stdout.trim()));
}

export async function ensurePostgresInstalled(): Promise<void> {
  await ensureDebianPackages(['postgresql']);
}

/** The port of a server already running on this data directory (another instance started it), if any. */
function runningPort(pgData: string): number | undefined {
  try {
    const lines = readFileSync(join(pgData, 'postmaster.pid'), 'utf8').split('\n');
    const pid = Number(lines[0]);
    process.kill(pid, 0);
    const port = Number(lines[3]);
    return Number.isInteger(port) && port > 0 ? port : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The data directory's PostgreSQL: started here, or, when another `pnpm host strapi` on the same
 * data directory already runs it, shared (two Strapi instances on one database, as users scale
 * out); only the instance that started it stops it.
 */
export async function startPostgres(dataDir: string): Promise<RunningPostgres> {
  await ensurePostgresInstalled();
  const bin = binDir();
  const pgData = join(dataDir, 'postgres');
  const shared = runningPort(pgData);
  if (shared !== undefined) {
    log(`sharing the PostgreSQL already running on 127.0.0.1:${shared} (${pgData})`);
    return { port: shared, database: 'strapi', user: 'strapi', stop: async () => {} };
  }
  const socketDir = join(dataDir, 'postgres-socket');
  mkdirSync(socketDir, { recursive: true });
  ownedByServerUser(socketDir);
  if (!existsSync(join(pgData, 'PG_VERSION'))) {
    mkdirSync(pgData, { recursive: true });
    ownedByServerUser(pgData);
    const [command, args] = asServerUser(join(bin, 'initdb'), ['-D', pgData, '-U', 'strapi', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    await run(command, args);
  }
  const port = await freePort();
  const [command, args] = asServerUser(join(bin, 'postgres'), [
    '-D',
    pgData,
    '-p',
    String(port),
    '-k',
    socketDir,
    '-h',
    '127.0.0.1',
    '-c',
    'fsync=off',
  ]);
  const service: Service = startService('postgres', command, args);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const ready = spawnSync(join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port)], { encoding: 'utf8' });
    if (ready.status === 0) break;
    if (Date.now() > deadline) throw new Error('PostgreSQL did not start within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const exists = spawnSync(
    join(bin, 'psql'),
    ['-h', '127.0.0.1', '-p', String(port), '-U', 'strapi', '-d', 'postgres', '-tAc', "SELECT 1 FROM pg_database WHERE datname = 'strapi'"],
    { encoding: 'utf8' },
  );
  if (exists.stdout.trim() !== '1') {
    await run(join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'strapi', 'strapi']);
  }
  log(`PostgreSQL on 127.0.0.1:${port} (${pgData})`);
  return { port, database: 'strapi', user: 'strapi', stop: () => service.stop() };
}
