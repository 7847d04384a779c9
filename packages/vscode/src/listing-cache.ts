// The service's language and voice listings, fetched once per session (they grow over time, so
// they are never hard-coded) and dropped when the key or the address changes. An item whose id is
// not a language code (logic/language-id.ts) is left out where it enters.
import type { ClientFactory } from './client-factory';
import { parseLanguageListing, type ListingItem as LanguageItem } from '@circassian/core/text';
import { isLanguageId } from './logic/language-id';

/** Only items whose id is a language code: an id names files (Translate File) and is shown in hovers. */
const codesOnly = (items: readonly LanguageItem[]): LanguageItem[] => items.filter((item) => isLanguageId(item.id));

export interface VoiceListing {
  readonly voices: readonly LanguageItem[];
  readonly languages: readonly LanguageItem[];
}

export class ListingCache {
  #languages: Promise<LanguageItem[]> | undefined;
  #voices: Promise<VoiceListing> | undefined;

  constructor(private readonly clients: ClientFactory) {}

  translationLanguages(): Promise<LanguageItem[]> {
    this.#languages ??= this.clients
      .get()
      .then((client) => client.languages())
      .then((body) => codesOnly(parseLanguageListing(body)));
    this.#languages.catch(() => (this.#languages = undefined));
    return this.#languages;
  }

  voices(): Promise<VoiceListing> {
    this.#voices ??= this.clients
      .get()
      .then((client) => client.voices())
      .then((listing) => ({ voices: listing.voices, languages: codesOnly(listing.languages) }));
    this.#voices.catch(() => (this.#voices = undefined));
    return this.#voices;
  }

  clear(): void {
    this.#languages = undefined;
    this.#voices = undefined;
  }
}
