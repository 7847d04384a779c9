// One glossary entry added or edited: its kind, its language pair, the term, its agreed form (or
// the forbidden word, or the respelling) and a note. The server checks it as every glossary file
// is checked (core's rules) and says why it refuses one.
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Box, Button, Checkbox, Field, Flex, SingleSelect, SingleSelectOption, TextInput } from '@strapi/design-system';
import { TRANSLATION_LANGUAGES } from '@circassian/core/facts';
import type { GlossaryRow } from '../../api';
import { message } from '../../utils/messages';
import { GLOSSARY_TYPES, TARGET_WORDS, TYPE_WORDS } from './glossary-words';

export type GlossaryDraft = Omit<GlossaryRow, 'id'>;

export const EMPTY_DRAFT: GlossaryDraft = { sourceLang: 'ru', targetLang: 'kbd', type: 'keep', source: '', target: '', note: '' };

export function GlossaryForm({
  initial,
  busy,
  editing,
  onSave,
  onCancel,
}: {
  initial: GlossaryDraft;
  busy: boolean;
  editing: boolean;
  /** Resolves true when the server kept it (the form then empties). */
  onSave: (draft: GlossaryDraft) => Promise<boolean>;
  onCancel: () => void;
}) {
  const { formatMessage: t } = useIntl();
  const [draft, setDraft] = useState<GlossaryDraft>(initial);
  const set = (change: Partial<GlossaryDraft>) => setDraft((current) => ({ ...current, ...change }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSave(draft).then((kept) => {
      if (kept && !editing) setDraft({ ...EMPTY_DRAFT, sourceLang: draft.sourceLang, targetLang: draft.targetLang, type: draft.type });
    });
  };
  const language = (name: string, value: string, label: string) => (
    <Field.Root name={name}>
      <Field.Label>{label}</Field.Label>
      <SingleSelect value={value} onChange={(chosen) => set({ [name]: String(chosen) })}>
        {TRANSLATION_LANGUAGES.map((code) => (
          <SingleSelectOption key={code} value={code}>
            {code}
          </SingleSelectOption>
        ))}
      </SingleSelect>
    </Field.Root>
  );
  return (
    <form onSubmit={submit} data-testid="circassian-glossary-form">
      <Flex gap={2} paddingTop={2} alignItems="end" wrap="wrap">
        <Box minWidth="220px">
          <Field.Root name="type">
            <Field.Label>{t(message('glossary.type', 'Kind'))}</Field.Label>
            <SingleSelect value={draft.type} onChange={(chosen) => set({ type: String(chosen) as GlossaryRow['type'] })}>
              {GLOSSARY_TYPES.map((type) => (
                <SingleSelectOption key={type} value={type}>
                  {t(TYPE_WORDS[type])}
                </SingleSelectOption>
              ))}
            </SingleSelect>
          </Field.Root>
        </Box>
        <Box minWidth="100px">{language('sourceLang', draft.sourceLang, t(message('glossary.from', 'From')))}</Box>
        <Box minWidth="100px">{language('targetLang', draft.targetLang, t(message('glossary.to', 'Into')))}</Box>
        <Box minWidth="200px">
          <Field.Root name="source">
            <Field.Label>{t(message('glossary.source', 'Term'))}</Field.Label>
            <TextInput value={draft.source} onChange={(event: { target: { value: string } }) => set({ source: event.target.value })} />
          </Field.Root>
        </Box>
        {draft.type === 'keep' ? null : (
          <Box minWidth="200px">
            <Field.Root name="target">
              <Field.Label>{t(TARGET_WORDS[draft.type])}</Field.Label>
              <TextInput value={draft.target} onChange={(event: { target: { value: string } }) => set({ target: event.target.value })} />
            </Field.Root>
          </Box>
        )}
        <Box minWidth="200px">
          <Field.Root name="note">
            <Field.Label>{t(message('glossary.note', 'Note'))}</Field.Label>
            <TextInput value={draft.note ?? ''} onChange={(event: { target: { value: string } }) => set({ note: event.target.value })} />
          </Field.Root>
        </Box>
        <Checkbox checked={draft.stem === true} onCheckedChange={(checked: boolean | 'indeterminate') => set({ stem: checked === true })}>
          {t(message('glossary.stem', 'With endings'))}
        </Checkbox>
        <Button type="submit" disabled={busy}>
          {editing ? t(message('glossary.save', 'Save')) : t(message('glossary.add', 'Add term'))}
        </Button>
        {editing ? (
          <Button variant="tertiary" type="button" onClick={onCancel}>
            {t(message('glossary.cancel', 'Cancel'))}
          </Button>
        ) : null}
      </Flex>
    </form>
  );
}
