// The service's language and voice listings, fetched once per session (they grow over time, so
// they are never hard-coded) and dropped when the key or the address changes.
import type { ClientFactory } from './client-factory';
import { parseLanguageListing, type ListingItem as LanguageItem } from '@circassian/core/text';

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
      .then(parseLanguageListing);
    this.#languages.catch(() => (this.#languages = undefined));
    return this.#languages;
  }

  voices(): Promise<VoiceListing> {
    this.#voices ??= this.clients
      .get()
      .then((client) => client.voices())
      .then((listing) => ({ voices: listing.voices, languages: listing.languages }));
    this.#voices.catch(() => (this.#voices = undefined));
    return this.#voices;
  }

  clear(): void {
    this.#languages = undefined;
    this.#voices = undefined;
  }
}
