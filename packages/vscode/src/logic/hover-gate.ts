// Whether hover translation may send the text under the mouse at all. Off unless the user turned it
// on; off in an untrusted workspace (Restricted Mode) whatever the settings say: a repository the
// user has not trusted would otherwise have its comments and strings sent to the service, and the
// key's characters spent, by merely moving the mouse over it. Off when the source is the target.
// A user who turned it on and opens an untrusted folder is told why it stays silent.

export interface HoverSettings {
  readonly enabled: boolean;
  readonly sourceLanguage: string;
  readonly targetLanguage: string;
}

/** `send`; `off` (the settings say no: no hover at all); `untrusted` (they say yes: nothing is sent, the hover says why). */
export type HoverGate = 'send' | 'off' | 'untrusted';

export function hoverGate(settings: HoverSettings, workspaceTrusted: boolean): HoverGate {
  if (!settings.enabled || settings.sourceLanguage === settings.targetLanguage) return 'off';
  return workspaceTrusted ? 'send' : 'untrusted';
}
