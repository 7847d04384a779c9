// JSON localisation files (localisation-json.ts): every string value, by its key path.
import { jsonEntries, rebuildJson } from '../localisation-json';
import { FileFormatError, type FileFormat } from './format';

function entries(source: string): ReturnType<typeof jsonEntries> {
  try {
    return jsonEntries(source);
  } catch (error) {
    throw new FileFormatError(error instanceof Error ? error.message : String(error));
  }
}

export const jsonFormat: FileFormat = {
  label: 'JSON',
  units: entries,
  translations: (target) => new Map(entries(target).map((entry) => [entry.key, entry.text])),
  rebuild: (source, translate) => rebuildJson(source, translate),
};
