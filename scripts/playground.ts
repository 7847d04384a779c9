// `pnpm start`: the playground. One service (the local sandbox, or the real service when
// CIRCASSIAN_API_KEY and CIRCASSIAN_BASE_URL are both set) and every host with its plugin pointed
// at it, each started through `pnpm host <name>`, one after another. Ctrl+C stops everything, says
// what it stopped and exits 0. The script is `exec node --import tsx ...` in package.json: without
// the exec, the shell pnpm starts the script in dies of the terminal's SIGINT while the playground
// is still stopping its hosts, and pnpm reports "ELIFECYCLE Command failed" for a clean stop; and
// the `tsx` command would run it as a child whose signals it relays, killing it (SIGKILL, exit 130)
// when it does not acknowledge one within 30 ms, as happened on a loaded machine.
import { CircassianClient } from '@circassian/core';
import { startOnPreferredPort, type RunningSandbox } from '@circassian/sandbox';
import { HOST_NAMES } from '@circassian/test-support/hosts/index.js';
import { startHost, type HostProcess } from '@circassian/test-support/hosts/lib/host-process.js';

const port = process.env.PLAYGROUND_PORT === undefined ? undefined : Number(process.env.PLAYGROUND_PORT);
const only = process.argv.slice(2).filter((name) => HOST_NAMES.includes(name));

async function startService(): Promise<{ url: string; key: string; sandbox?: RunningSandbox }> {
  const realKey = process.env.CIRCASSIAN_API_KEY;
  const realUrl = process.env.CIRCASSIAN_BASE_URL;
  if (realKey && realUrl) {
    const client = new CircassianClient({ apiKey: realKey, baseUrl: realUrl, appInfo: { name: 'playground' } });
    const me = await client.me();
    await client.close();
    console.log(`Using the real service at ${realUrl} as key "${me.name}" (${me.prefix}).`);
    return { url: realUrl, key: realKey };
  }
  const sandbox = await startOnPreferredPort({
    ...(port === undefined ? {} : { port }),
    logger: { info: () => {}, warn: (message) => console.error(message) },
  });
  console.log(`
Local Circassian service (sandbox)
  URL          ${sandbox.url}
  API key      ${sandbox.key}
  Admin token  ${sandbox.adminToken}
  Try it       CIRCASSIAN_BASE_URL=${sandbox.url} CIRCASSIAN_API_KEY=${sandbox.key} npx -y pnpm@10.34.9 circassian translate "сэ кIуэ" --to en`);
  return { url: sandbox.url, key: sandbox.key, sandbox };
}

function describe(name: string, ready: Record<string, unknown>): string {
  const rows = Object.entries(ready).map(
    ([field, value]) =>
      `  ${field.padEnd(12)} ${typeof value === 'object' && value !== null ? Object.values(value).join(' / ') : String(value)}`,
  );
  return `\n${name}\n${rows.join('\n')}`;
}

async function main(): Promise<void> {
  const service = await startService();
  const hosts: Array<{ name: string; host: HostProcess<Record<string, unknown>> }> = [];
  let stopping = false;
  // Ctrl+C reaches this process twice (from the terminal, and relayed by pnpm): the second is ignored.
  const stop = async (): Promise<void> => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping the playground...');
    const codes = await Promise.all(hosts.map(({ host }) => host.stop()));
    await service.sandbox?.close();
    const stopped = hosts.map(({ name }, index) => (codes[index] === 0 ? name : `${name} (exit ${codes[index]})`));
    if (service.sandbox) stopped.push('the local service');
    console.log(stopped.length > 0 ? `Stopped ${stopped.join(', ')}.` : 'Nothing was running.');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());

  // The key goes to each host through the environment, not its command line (other users can read that).
  for (const name of only.length > 0 ? only : HOST_NAMES) {
    console.log(`\nStarting ${name} (the first start installs it; later ones take seconds)...`);
    try {
      const host = await startHost(name, ['--service-url', service.url], {
        env: { CIRCASSIAN_API_KEY: service.key },
        // The tests' check; a playground against the real service reaches it, and Ctrl+C must stop all.
        checkOutbound: false,
        onLog: (line) => process.stderr.write(`  ${line}\n`),
      });
      hosts.push({ name, host });
      console.log(describe(name, host.ready));
    } catch (error) {
      console.error(`${name} did not start: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  console.log('\nThe playground is running. Press Ctrl+C to stop.');
}

await main();
