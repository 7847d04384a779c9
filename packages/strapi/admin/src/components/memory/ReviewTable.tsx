// The reviewer's table: per unit when and by whom it was written (and who changed it), where it
// was learnt (a link to the entry), the source and its translation, and whether it is a person's
// translation, a reviewed one or a suggestion (with Accept).
import { useIntl } from 'react-intl';
import { Button, Link, Table, Tbody, Td, Th, Thead, Tr, Typography } from '@strapi/design-system';
import type { ReviewUnit } from '../../api';
import { dateTime, message } from '../../utils/messages';

const KIND_WORDS = {
  suggestion: message('review.kind.suggestion', 'Suggestion'),
  human: message('review.kind.human', 'Correction'),
  reviewed: message('review.kind.reviewed', 'Reviewed'),
  machine: message('review.kind.machine', 'Service'),
};

/** An entry's edit view from where a unit was learnt (`api::article.article:<documentId>`). */
const entryLink = (where: string): string | null => {
  const at = where.lastIndexOf(':');
  return where.startsWith('api::') && at > 0
    ? `/admin/content-manager/collection-types/${where.slice(0, at)}/${encodeURIComponent(where.slice(at + 1))}`
    : null;
};

export function ReviewTable({
  units,
  busy,
  onAccept,
}: {
  units: readonly ReviewUnit[];
  busy: boolean;
  onAccept: (unit: ReviewUnit) => void;
}) {
  const { formatMessage: t } = useIntl();
  return (
    <Table colCount={5} rowCount={units.length + 1} data-testid="circassian-review">
      <Thead>
        <Tr>
          <Th>
            <Typography variant="sigma">{t(message('review.when', 'Written'))}</Typography>
          </Th>
          <Th>
            <Typography variant="sigma">{t(message('review.who', 'By'))}</Typography>
          </Th>
          <Th>
            <Typography variant="sigma">{t(message('review.where', 'Where'))}</Typography>
          </Th>
          <Th>
            <Typography variant="sigma">{t(message('review.text', 'Source and translation'))}</Typography>
          </Th>
          <Th>
            <Typography variant="sigma">{t(message('review.kind', 'Kind'))}</Typography>
          </Th>
        </Tr>
      </Thead>
      <Tbody>
        {units.map((unit) => {
          const link = unit.where ? entryLink(unit.where) : null;
          return (
            <Tr key={`${unit.sourceLang}-${unit.targetLang}-${unit.context ?? ''}-${unit.source}-${unit.suggestion ? unit.creator : ''}`}>
              <Td>
                <Typography>{dateTime(t, unit.changed ?? unit.created)}</Typography>
              </Td>
              <Td>
                <Typography>{unit.changer ?? unit.creator ?? ''}</Typography>
                {unit.changer && unit.creator && unit.changer !== unit.creator ? (
                  <Typography variant="pi" textColor="neutral600" tag="p">
                    {t(message('review.madeBy', 'first by {creator}'), { creator: unit.creator })}
                  </Typography>
                ) : null}
              </Td>
              <Td>
                {link ? (
                  <Link href={link} title={unit.where ?? undefined}>
                    {unit.whereLabel ?? unit.where}
                  </Link>
                ) : (
                  <Typography>{unit.whereLabel ?? unit.where ?? ''}</Typography>
                )}
              </Td>
              <Td>
                <Typography tag="p">
                  {unit.sourceLang}: {unit.source}
                </Typography>
                <Typography tag="p" fontWeight="bold">
                  {unit.targetLang}: {unit.target}
                </Typography>
              </Td>
              <Td>
                <Typography>{t(unit.suggestion ? KIND_WORDS.suggestion : KIND_WORDS[unit.origin])}</Typography>
                {unit.suggestion ? (
                  <Button size="S" variant="secondary" disabled={busy} onClick={() => onAccept(unit)}>
                    {t(message('review.accept', 'Accept'))}
                  </Button>
                ) : null}
              </Td>
            </Tr>
          );
        })}
      </Tbody>
    </Table>
  );
}
