// A content type's settings as the plugin uses them: config/plugins.ts over the schema's pluginOptions, defaults filled in.
import type { ContentTypeSettings } from '../config/schema';

export interface ResolvedContentType extends Required<Omit<ContentTypeSettings, 'fields' | 'audio'>> {
  readonly uid: string;
  readonly fields: Record<string, 'translate' | 'copy' | 'skip'>;
  readonly audio: NonNullable<ContentTypeSettings['audio']>;
}
