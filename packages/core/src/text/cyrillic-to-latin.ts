/**
 * The Russian Cyrillic letters in Latin, English-style (х kh, ц ts, щ shch): lowercase keys, each
 * with its lowercase Latin. The hard and soft signs and the palochka are not in it, since what they
 * become depends on the use (a slug drops them, the sandbox's pseudo-translation writes an
 * apostrophe for the signs).
 */
export const CYRILLIC_TO_LATIN: Readonly<Record<string, string>> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'yo',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ы: 'y',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};
