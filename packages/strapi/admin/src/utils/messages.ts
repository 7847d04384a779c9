// Every admin string goes through react-intl's formatMessage with an id under the plugin's prefix
// and the English words as its default (admin/src/translations holds English and Russian).
import type { IntlShape } from 'react-intl';
import { PLUGIN_ID } from '../pluginId';

export type Format = IntlShape['formatMessage'];

/** A message descriptor: `circassian.<id>` with its English default. */
export const message = (id: string, defaultMessage: string) => ({ id: `${PLUGIN_ID}.${id}`, defaultMessage });

// Dates and numbers go through the same formatMessage, so they follow the admin's language (a
// Russian admin reads "26 нояб. 2026 г., 05:30" and "1 000" whatever the browser's own locale).

/** A moment as the admin's language writes a date and time. */
export const dateTime = (t: Format, at: number | string | Date): string =>
  t(message('format.dateTime', '{at, date, medium}, {at, time, short}'), { at: new Date(at) });

/** A number as the admin's language groups its digits. */
export const amount = (t: Format, value: number): string => t(message('format.number', '{value, number}'), { value });

/**
 * A language by its code in the admin's own language ("русский (ru)" in a Russian admin), where the
 * browser knows it; else `fallback` (i18n's English name). English admins keep i18n's names.
 */
export function languageName(adminLocale: string, code: string, fallback: string): string {
  if (adminLocale.startsWith('en')) return fallback;
  return displayLanguage(adminLocale, code) ?? fallback;
}

/** A language code as the browser names it in the admin's language ("Kabardian (kbd)"), or undefined where it does not know it. */
export function displayLanguage(adminLocale: string, code: string): string | undefined {
  try {
    const name = new Intl.DisplayNames([adminLocale], { type: 'language' }).of(code);
    return name && name !== code ? `${name} (${code})` : undefined;
  } catch {
    return undefined;
  }
}

/** Today's use of an allowance: "1,200 of 10,000" against a known limit, else the use alone. */
export const usedOf = (t: Format, used: number, limit: number | undefined): string =>
  limit === undefined
    ? amount(t, used)
    : t(message('settings.usedOf', '{used} of {limit}'), { used: amount(t, used), limit: amount(t, limit) });
