// Whether hover translation may send the text under the mouse at all. Off unless the user turned it
// on; off in an untrusted workspace (Restricted Mode) whatever the settings say: a repository the
// user has not trusted would otherwise have its comments and strings sent to the service, and the
// key's characters spent, by merely moving the mouse over it. Off when the source is the target.

export interface HoverSettings {
  readonly enabled: boolean;
  readonly sourceLanguage: string;
  readonly targetLanguage: string;
}

export function hoverMaySend(settings: HoverSettings, workspaceTrusted: boolean): boolean {
  return workspaceTrusted && settings.enabled && settings.sourceLanguage !== settings.targetLanguage;
}
