// The bulk page's table of content type x target locale: how many entries are missing, outdated,
// translated, in progress or failed there, and how many miss their audio (its job was cancelled), with Translate (what changed: the cost is estimated
// first), Pause or Resume, and Cancel for that locale alone.
import { useIntl } from 'react-intl';
import { Button, Flex, Table, Tbody, Td, Th, Thead, Tr, Typography } from '@strapi/design-system';
import { localeName, type LocaleOverview, type Overview } from '../api';
import { message } from '../utils/messages';
import { ConfirmButton } from './ConfirmButton';

const COUNTS: Array<{ key: keyof LocaleOverview['counts']; label: ReturnType<typeof message> }> = [
  { key: 'not translated', label: message('table.missing', 'Missing') },
  { key: 'outdated', label: message('table.outdated', 'Outdated') },
  { key: 'translated', label: message('table.translated', 'Translated') },
  { key: 'queued', label: message('table.inProgress', 'In progress') },
  { key: 'failed', label: message('table.failed', 'Failed') },
];

export interface LocaleActions {
  translate(uid: string, locale: string): void;
  pause(uid: string, locale: string): void;
  resume(uid: string, locale: string): void;
  cancel(uid: string, locale: string): void;
}

export function LocaleTable({ overview, actions }: { overview: Overview; actions: LocaleActions }) {
  const { formatMessage: t } = useIntl();
  const rows = overview.contentTypes.flatMap((type) => type.locales.map((row) => ({ type, row })));
  return (
    <Table colCount={COUNTS.length + 4} rowCount={rows.length + 1} data-testid="circassian-overview">
      <Thead>
        <Tr>
          <Th>
            <Typography variant="sigma">{t(message('table.contentType', 'Content type'))}</Typography>
          </Th>
          <Th>
            <Typography variant="sigma">{t(message('table.locale', 'Locale'))}</Typography>
          </Th>
          {COUNTS.map(({ key, label }) => (
            <Th key={key}>
              <Typography variant="sigma">{t(label)}</Typography>
            </Th>
          ))}
          <Th>
            <Typography variant="sigma">{t(message('table.audioMissing', 'Missing audio'))}</Typography>
          </Th>
          <Th>
            <Typography variant="sigma">{t(message('table.actions', 'Actions'))}</Typography>
          </Th>
        </Tr>
      </Thead>
      <Tbody>
        {rows.map(({ type, row }) => {
          const where = t(message('table.where', '{type} in {locale}'), {
            type: type.displayName,
            locale: localeName(row.locale, overview.localeNames),
          });
          // Missing audio counts: "what changed" makes it again (no translation would).
          const toTranslate = row.counts['not translated'] + row.counts.outdated + row.counts.failed + row.audioMissing;
          return (
            <Tr key={`${type.uid}-${row.locale}`} data-testid={`circassian-row-${type.uid}-${row.locale}`}>
              <Td>
                <Typography>{type.displayName}</Typography>
              </Td>
              <Td>
                <Typography>{localeName(row.locale, overview.localeNames)}</Typography>
                {row.paused ? (
                  <Typography variant="pi" textColor="warning600" tag="p">
                    {t(message('table.paused', 'Paused'))}
                  </Typography>
                ) : null}
              </Td>
              {COUNTS.map(({ key }) => (
                <Td key={key}>
                  <Typography data-testid={`circassian-count-${key.replace(' ', '-')}`}>{row.counts[key]}</Typography>
                </Td>
              ))}
              <Td>
                <Typography data-testid="circassian-count-audio-missing">{row.audioMissing}</Typography>
              </Td>
              <Td>
                <Flex gap={1} wrap="wrap">
                  <Button
                    size="S"
                    variant="secondary"
                    disabled={toTranslate === 0 || row.activeRun !== null}
                    aria-label={t(message('table.translateLabel', 'Translate what changed: {where}'), { where })}
                    onClick={() => actions.translate(type.uid, row.locale)}
                  >
                    {t(message('table.translate', 'Translate'))}
                  </Button>
                  {row.paused ? (
                    <Button
                      size="S"
                      variant="secondary"
                      aria-label={t(message('table.resumeLabel', 'Resume {where}'), { where })}
                      onClick={() => actions.resume(type.uid, row.locale)}
                    >
                      {t(message('table.resume', 'Resume'))}
                    </Button>
                  ) : (
                    <Button
                      size="S"
                      variant="secondary"
                      aria-label={t(message('table.pauseLabel', 'Pause {where}'), { where })}
                      onClick={() => actions.pause(type.uid, row.locale)}
                    >
                      {t(message('table.pause', 'Pause'))}
                    </Button>
                  )}
                  <ConfirmButton
                    disabled={row.counts.queued === 0}
                    label={t(message('table.cancelLabel', 'Cancel what waits: {where}'), { where })}
                    question={t(message('table.cancelQuestion', 'Cancel what waits: {where}?'), { where })}
                    explanation={t(
                      message(
                        'table.cancelExplanation',
                        'The translations and audio waiting there are dropped; what is already being made ends as it would. Translate again to queue them anew.',
                      ),
                    )}
                    confirm={t(message('table.cancelConfirm', 'Cancel what waits'))}
                    keep={t(message('confirm.keep', 'Keep it queued'))}
                    onConfirm={() => actions.cancel(type.uid, row.locale)}
                  >
                    {t(message('table.cancel', 'Cancel'))}
                  </ConfirmButton>
                </Flex>
              </Td>
            </Tr>
          );
        })}
      </Tbody>
    </Table>
  );
}
