import { renderValue } from '../output.js';
import { showCommand } from './show-command.js';

export const voices = showCommand({
  name: 'voices',
  summary: 'list the voices and speech languages (fetched: the lists grow)',
  fetch: (client, options) => client.voices(options),
  render: (listing) => ['Voices:', ...renderValue(listing.voices, '  '), 'Speech languages:', ...renderValue(listing.languages, '  ')],
});
