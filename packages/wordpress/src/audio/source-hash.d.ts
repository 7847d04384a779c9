/** Types of source-hash.js, for the tests that compare it with the PHP side. */
export interface SpeechSource {
  readonly text: string;
  readonly language: string;
  readonly voice: string;
  readonly speed: number;
  readonly instruct: string;
}

export function sourceHash(request: SpeechSource): string;
