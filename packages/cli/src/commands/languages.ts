import { showCommand } from './show-command.js';

export const languages = showCommand({
  name: 'languages',
  summary: 'list the translation languages',
  fetch: (client, options) => client.languages(options),
});
