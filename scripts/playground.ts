// `pnpm start`: the playground. Starts the local service (or, when CIRCASSIAN_API_KEY and
// CIRCASSIAN_BASE_URL are both set, checks the real service instead) and prints how to reach it.
// The plugin issues extend this into the hosts (VS Code, WordPress, Strapi) wired to that service.
import { CircassianClient } from '@circassian/core';
import { startOnPreferredPort } from '@circassian/sandbox';

const port = process.env.PLAYGROUND_PORT === undefined ? undefined : Number(process.env.PLAYGROUND_PORT);

async function main(): Promise<void> {
  const realKey = process.env.CIRCASSIAN_API_KEY;
  const realUrl = process.env.CIRCASSIAN_BASE_URL;
  if (realKey && realUrl) {
    const client = new CircassianClient({ apiKey: realKey, baseUrl: realUrl, appInfo: { name: 'playground' } });
    const me = await client.me();
    console.log(`Using the real service at ${realUrl} as key "${me.name}" (${me.prefix}).`);
    console.log('Limits:', me.limits);
    await client.close();
    return;
  }

  const service = await startOnPreferredPort({
    ...(port === undefined ? {} : { port }),
    logger: { info: () => {}, warn: (message) => console.error(message) },
  });
  const example = `curl -s -H "Authorization: Bearer ${service.key}" -H "Content-Type: application/json" -d '{"text":"сэ кIуэ","target_lang":"en"}' ${service.url}/v1/translate`;
  console.log(`
Local Circassian service (sandbox) is running.

  URL          ${service.url}
  API key      ${service.key}
  Admin token  ${service.adminToken}

Try it:
  ${example}
  CIRCASSIAN_BASE_URL=${service.url} CIRCASSIAN_API_KEY=${service.key} npx -y pnpm@10.34.9 circassian translate "сэ кIуэ" --to en

To use the real service instead, set CIRCASSIAN_API_KEY and CIRCASSIAN_BASE_URL.
Press Ctrl+C to stop.`);

  const stop = async (): Promise<void> => {
    await service.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

await main();
