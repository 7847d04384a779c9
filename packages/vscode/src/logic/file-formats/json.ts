// JSON localisation files (localisation-json.ts): every string value, by its key path; inside a
// value, tags, URLs and i18next nesting are kept as typed beside the placeholders.
import { jsonEntries, rebuildJson } from '../localisation-json';
import { FileFormatError, type FileFormat } from './format';
import { GENERIC, I18NEXT_NESTING, protectPattern } from './protect';

function entries(source: string): ReturnType<typeof jsonEntries> {
  try {
    return jsonEntries(source);
  } catch (error) {
    throw new FileFormatError(error instanceof Error ? error.message : String(error));
  }
}

export const jsonFormat: FileFormat = {
  label: 'JSON',
  // Tags (i18next's `<0>`, FormatJS's `<b>`), URLs, entities and i18next's `$t(key)` stay as typed.
  protect: protectPattern(...GENERIC, I18NEXT_NESTING),
  units: entries,
  translations: (target) => new Map(entries(target).map((entry) => [entry.key, entry.text])),
  rebuild: (source, translate) => rebuildJson(source, translate),
};
