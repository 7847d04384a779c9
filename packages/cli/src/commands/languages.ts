import { parseLanguageListing } from '@circassian/core/text';
import { renderValue } from '../output.js';
import { showCommand } from './show-command.js';

export const languages = showCommand({
  name: 'languages',
  summary: 'list the translation languages',
  fetch: (client, options) => client.languages(options),
  // One `code  name` line per language, whatever shape the service gives the listing; a body the
  // parser finds no language in is shown as it is.
  render: (listing) => {
    const items = parseLanguageListing(listing);
    return items.length > 0 ? renderValue(items) : renderValue(listing);
  },
});
