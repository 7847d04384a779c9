// Every admin string goes through react-intl's formatMessage with an id under the plugin's prefix
// and the English words as its default (admin/src/translations holds English and Russian).
import type { IntlShape } from 'react-intl';
import { PLUGIN_ID } from '../pluginId';

export type Format = IntlShape['formatMessage'];

/** A message descriptor: `circassian.<id>` with its English default. */
export const message = (id: string, defaultMessage: string) => ({ id: `${PLUGIN_ID}.${id}`, defaultMessage });
