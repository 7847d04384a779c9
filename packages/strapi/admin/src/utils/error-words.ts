// A service error in the editor's language. The server sends the error's type beside its English
// sentence (server/src/utils/errors.ts keeps those words), so the English is not written twice:
// it is the default here, and only the other languages' files (ru.json) hold these ids. Strapi's
// admin reads English for any id a language lacks, and a type the admin does not know (a plugin's
// own error, whose sentence names the cause) keeps the server's words. The types are core's own
// (no list here): the server's words are keyed by core's AnyErrorType, so a new type fails to
// compile there, and the translations test asks ru.json for a sentence of each.
import { isAnyErrorType } from '@circassian/core/facts';
import { message, type Format } from './messages';

/** The server's sentence for an error, said again in the admin's language when its type is known. */
export function errorWords(t: Format, type: string | null | undefined, serverWords: string): string {
  if (!isAnyErrorType(type)) return serverWords;
  return t(message(`serviceError.${type}`, serverWords));
}
