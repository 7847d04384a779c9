// The glossary's words shared by its table and its form: what each kind of entry is called, and
// what its second column holds.
import type { GlossaryRow } from '../../api';
import { message } from '../../utils/messages';

export const TYPE_WORDS: Record<GlossaryRow['type'], ReturnType<typeof message>> = {
  keep: message('glossary.type.keep', 'Keep as written (never translated)'),
  translate: message('glossary.type.translate', 'Translate as'),
  forbidden: message('glossary.type.forbidden', 'Forbidden word'),
  say: message('glossary.type.say', 'Say as (speech only)'),
};

export const TARGET_WORDS: Record<GlossaryRow['type'], ReturnType<typeof message>> = {
  keep: message('glossary.target.keep', 'Kept as the term'),
  translate: message('glossary.target.translate', 'Agreed translation'),
  forbidden: message('glossary.target.forbidden', 'Forbidden word (in the target language)'),
  say: message('glossary.target.say', 'Respelling the voice reads'),
};

export const GLOSSARY_TYPES: readonly GlossaryRow['type'][] = ['keep', 'translate', 'forbidden', 'say'];
