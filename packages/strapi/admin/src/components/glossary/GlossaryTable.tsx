// The glossary's entries, one a row: languages, kind, term, its agreed form (or forbidden word, or
// respelling), note; each edited in the form above or deleted (asked first).
import { useIntl } from 'react-intl';
import { Button, Flex, Table, Tbody, Td, Th, Thead, Tr, Typography } from '@strapi/design-system';
import type { GlossaryRow } from '../../api';
import { message } from '../../utils/messages';
import { ConfirmButton } from '../ConfirmButton';
import { TYPE_WORDS } from './glossary-words';

export function GlossaryTable({
  entries,
  busy,
  onEdit,
  onDelete,
}: {
  entries: readonly GlossaryRow[];
  busy: boolean;
  onEdit: (entry: GlossaryRow) => void;
  onDelete: (entry: GlossaryRow) => void;
}) {
  const { formatMessage: t } = useIntl();
  const heading = (text: string) => (
    <Th>
      <Typography variant="sigma">{text}</Typography>
    </Th>
  );
  return (
    <Table colCount={6} rowCount={entries.length + 1} data-testid="circassian-glossary-table">
      <Thead>
        <Tr>
          {heading(t(message('glossary.languages', 'Languages')))}
          {heading(t(message('glossary.type', 'Kind')))}
          {heading(t(message('glossary.source', 'Term')))}
          {heading(t(message('glossary.agreed', 'Agreed form')))}
          {heading(t(message('glossary.note', 'Note')))}
          {heading('')}
        </Tr>
      </Thead>
      <Tbody>
        {entries.map((entry) => (
          <Tr key={entry.id} data-testid={`circassian-glossary-entry-${entry.id}`}>
            <Td>
              <Typography>
                {entry.sourceLang} → {entry.targetLang}
              </Typography>
            </Td>
            <Td>
              <Typography>{t(TYPE_WORDS[entry.type])}</Typography>
            </Td>
            <Td>
              <Typography>{entry.source}</Typography>
            </Td>
            <Td>
              {/* A forbidden word is no agreed form: shown struck out, in the danger colour. */}
              {entry.type === 'forbidden' ? (
                <Typography tag="s" textColor="danger600">
                  {entry.target}
                </Typography>
              ) : (
                <Typography fontWeight="bold">{entry.type === 'keep' ? '' : entry.target}</Typography>
              )}
            </Td>
            <Td>
              <Typography textColor="neutral600">{entry.note ?? ''}</Typography>
            </Td>
            <Td>
              <Flex gap={1}>
                <Button size="S" variant="tertiary" disabled={busy} onClick={() => onEdit(entry)}>
                  {t(message('glossary.edit', 'Edit'))}
                </Button>
                <ConfirmButton
                  disabled={busy}
                  question={t(message('glossary.deleteQuestion', 'Delete this term?'))}
                  explanation={t(
                    message('glossary.deleteExplanation', '"{term}" will no longer be applied to translations, checks or speech.'),
                    { term: entry.source || entry.target },
                  )}
                  confirm={t(message('glossary.deleteConfirm', 'Delete the term'))}
                  keep={t(message('glossary.deleteKeep', 'Keep it'))}
                  onConfirm={() => onDelete(entry)}
                >
                  {t(message('glossary.delete', 'Delete'))}
                </ConfirmButton>
              </Flex>
            </Td>
          </Tr>
        ))}
      </Tbody>
    </Table>
  );
}
