// Settings > Circassian, the glossary: terms every translation, check and voice of this site
// applies (keep as written, translate as agreed, forbidden words, respellings for speech), added
// and edited here or imported from TBX or CSV, exported for other tools. Behind the memory's own
// permission: a term changes what every translation gets back.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useFetchClient } from '@strapi/strapi/admin';
import { Box, Typography } from '@strapi/design-system';
import { adminRoutes, type GlossaryRow } from '../api';
import { useGlossary } from '../hooks/useGlossary';
import { message } from '../utils/messages';
import { EMPTY_DRAFT, GlossaryForm, type GlossaryDraft } from './glossary/GlossaryForm';
import { GlossaryTable } from './glossary/GlossaryTable';
import { GlossaryTransfer } from './glossary/GlossaryTransfer';
import { ActionNote } from './ActionNote';

export function GlossarySection() {
  const { formatMessage: t } = useIntl();
  const { post, put, del } = useFetchClient();
  const { entries, forbidden, note, busy, attempt } = useGlossary();
  const [editing, setEditing] = useState<GlossaryRow | null>(null);

  const save = (draft: GlossaryDraft) =>
    attempt(async () => {
      const body = { ...draft, target: draft.type === 'keep' ? '' : draft.target };
      if (editing) await put(adminRoutes.glossaryEntry(editing.id), body);
      else await post(adminRoutes.glossary(), body);
      setEditing(null);
      return editing
        ? t(message('glossary.saved', 'Saved "{term}".'), { term: draft.source || draft.target })
        : t(message('glossary.added', 'Added "{term}" to the glossary.'), { term: draft.source || draft.target });
    });

  const remove = (entry: GlossaryRow) =>
    void attempt(async () => {
      await del(adminRoutes.glossaryEntry(entry.id));
      if (editing?.id === entry.id) setEditing(null);
      return t(message('glossary.deleted', 'Deleted "{term}" from the glossary.'), { term: entry.source || entry.target });
    });

  return (
    <Box paddingTop={6} data-testid="circassian-glossary">
      <Typography variant="delta" tag="h2">
        {t(message('glossary.heading', 'Glossary'))}
      </Typography>
      <Typography tag="p" textColor="neutral600">
        {t(
          message(
            'glossary.about',
            'Terms every translation of this site keeps: names that are never translated (and never sent as text), the agreed translation of a term, words to flag in a translation, and how the voice says a word. The edit view’s panel lists a translation’s term problems per field.',
          ),
        )}
      </Typography>
      {forbidden ? (
        <Typography tag="p" textColor="neutral600" data-testid="circassian-glossary-role-note">
          {t(
            message(
              'glossary.readOnly',
              'Your role may not see or change the glossary (Settings > Roles > Plugins > Circassian: "Teach, export, import and clear the translation memory").',
            ),
          )}
        </Typography>
      ) : entries ? (
        <>
          <GlossaryForm
            key={editing?.id ?? 'new'}
            initial={editing ? { ...EMPTY_DRAFT, ...editing } : EMPTY_DRAFT}
            editing={editing !== null}
            busy={busy}
            onSave={save}
            onCancel={() => setEditing(null)}
          />
          {entries.length === 0 ? (
            <Typography tag="p" paddingTop={2} data-testid="circassian-glossary-empty">
              {t(message('glossary.empty', 'The glossary is empty.'))}
            </Typography>
          ) : (
            <Box paddingTop={4}>
              <GlossaryTable entries={entries} busy={busy} onEdit={setEditing} onDelete={remove} />
            </Box>
          )}
          <GlossaryTransfer entries={entries} busy={busy} attempt={attempt} />
        </>
      ) : null}
      <ActionNote note={note} testId="circassian-glossary-note" />
    </Box>
  );
}
