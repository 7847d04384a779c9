// Downloads Debian packages from a suite other than the machine's own (WordPress 6.8 from trixie,
// 7.1 from sid) without touching the system's apt state: apt runs with its own sources list,
// lists and cache under `dir`, and still verifies the Release signatures and .deb hashes as usual.
import { readdirSync, readFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '../lib/processes.js';

const APT_SOURCES = '/etc/apt/sources.list';
const APT_SOURCE_PARTS = '/etc/apt/sources.list.d';
const DEBIAN_KEYRING = '/usr/share/keyrings/debian-archive-keyring.gpg';

interface AptSource {
  readonly uri: string;
  readonly suites: readonly string[];
}

/** Every `deb` entry of the system's sources, one-line and deb822 formats alike. */
function systemSources(): AptSource[] {
  const sources: AptSource[] = [];
  if (existsSync(APT_SOURCES)) {
    for (const line of readFileSync(APT_SOURCES, 'utf8').split('\n')) {
      const match = /^deb\s+(?:\[[^\]]*\]\s+)?(\S+)\s+(\S+)/.exec(line.trim());
      if (match) sources.push({ uri: match[1] as string, suites: [match[2] as string] });
    }
  }
  if (existsSync(APT_SOURCE_PARTS)) {
    for (const file of readdirSync(APT_SOURCE_PARTS).filter((name) => name.endsWith('.sources'))) {
      for (const stanza of readFileSync(join(APT_SOURCE_PARTS, file), 'utf8').split(/\n\s*\n/)) {
        const field = (name: string): string | undefined => new RegExp(`^${name}:\\s*(.+)$`, 'mi').exec(stanza)?.[1]?.trim();
        const types = field('Types') ?? '';
        const uri = field('URIs')?.split(/\s+/)[0];
        if (!types.split(/\s+/).includes('deb') || !uri) continue;
        sources.push({ uri, suites: (field('Suites') ?? '').split(/\s+/) });
      }
    }
  }
  return sources;
}

/**
 * The mirror the system already uses for Debian: its security mirror for `*-security` suites,
 * its main mirror otherwise. Taken from /etc/apt so the project never names a host.
 */
export function debianMirrorFor(suite: string): string {
  const wantSecurity = suite.endsWith('-security');
  const found = systemSources().find(
    (source) =>
      source.uri.includes('debian') && source.suites.some((s) => s.endsWith('-security') === wantSecurity && /^[a-z]+(-[a-z]+)?$/.test(s)),
  );
  if (!found) throw new Error(`no Debian ${wantSecurity ? 'security ' : ''}mirror in ${APT_SOURCES} or ${APT_SOURCE_PARTS}`);
  return found.uri.replace(/\/+$/, '');
}

/** `apt-get download` of `packages` from `suites` into `target`, with apt state private to `dir`. */
export async function downloadFromSuites(
  dir: string,
  suites: readonly string[],
  packages: readonly string[],
  target: string,
): Promise<void> {
  for (const sub of ['state/lists/partial', 'cache/archives/partial', 'etc/preferences.d']) mkdirSync(join(dir, sub), { recursive: true });
  mkdirSync(target, { recursive: true });
  const sourcesList = join(dir, 'etc', 'sources.list');
  writeFileSync(sourcesList, suites.map((suite) => `deb [signed-by=${DEBIAN_KEYRING}] ${debianMirrorFor(suite)} ${suite} main\n`).join(''));
  const options = [
    '-q',
    '-o',
    `Dir::State=${join(dir, 'state')}`,
    '-o',
    `Dir::Cache=${join(dir, 'cache')}`,
    '-o',
    `Dir::Etc::SourceList=${sourcesList}`,
    '-o',
    `Dir::Etc::SourceParts=${join(dir, 'etc', 'sources.list.d')}`,
    '-o',
    `Dir::Etc::PreferencesParts=${join(dir, 'etc', 'preferences.d')}`,
    // The private directories belong to whoever runs this, not to apt's `_apt` sandbox user.
    ...(process.getuid?.() === 0 ? ['-o', 'APT::Sandbox::User=root'] : []),
  ];
  await run('apt-get', [...options, 'update']);
  await run('apt-get', [...options, 'download', ...packages], { cwd: target });
}
