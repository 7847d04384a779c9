import { showCommand } from './show-command.js';

export const me = showCommand({
  name: 'me',
  summary: "show the key's name, prefix, limits and content logging (checks the key; costs no quota)",
  fetch: (client, options) => client.me(options),
});
