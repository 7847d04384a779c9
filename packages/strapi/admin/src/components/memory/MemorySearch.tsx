// The memory section's search (concordance): a word or phrase in either language (typed with any
// palochka look-alike, in any case), one pair or all, the units holding it, strongest then newest,
// a page at a time, each with its origin and who, when and where. A role with the memory's own
// permission edits one unit's translation (it becomes a person's translation, theirs, now) or
// deletes one unit (asked first); any other role sees the units and no such buttons (and the
// server refuses them those actions).
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Box, Button, Flex, TextInput, Textarea, Typography } from '@strapi/design-system';
import { useFetchClient } from '@strapi/strapi/admin';
import { adminRoutes, type ConcordancePage, type ConcordanceUnit } from '../../api';
import { dateTime, message } from '../../utils/messages';
import { ConfirmButton } from '../ConfirmButton';

const ORIGIN_WORDS = {
  suggestion: message('search.origin.suggestion', 'Your suggestion'),
  human: message('search.origin.human', 'A person’s translation'),
  reviewed: message('search.origin.reviewed', 'Reviewed'),
  machine: message('search.origin.machine', 'The service’s translation'),
};

export function MemorySearch({ busy, attempt }: { busy: boolean; attempt: (work: () => Promise<string>) => Promise<void> }) {
  const { get, put, del } = useFetchClient();
  const { formatMessage: t } = useIntl();
  const [phrase, setPhrase] = useState('');
  const [found, setFound] = useState<{ phrase: string; page: ConcordancePage } | null>(null);
  const [editing, setEditing] = useState<{ id: number; target: string } | null>(null);

  /** The units holding `asked`, the first `count` of them (the pages shown so far, read again after an action). */
  const search = async (asked: string, count = 0) => {
    const units: ConcordanceUnit[] = [];
    let page: ConcordancePage;
    do {
      const query = new URLSearchParams({ q: asked, ...(units.length > 0 ? { offset: String(units.length) } : {}) });
      page = (await get<ConcordancePage>(adminRoutes.memorySearch(query.toString()))).data;
      units.push(...page.units);
    } while (units.length < count && page.units.length > 0 && units.length < page.total);
    setFound({ phrase: asked, page: { ...page, units } });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setEditing(null);
    void attempt(async () => {
      await search(phrase.trim());
      return '';
    });
  };

  const again = () => (found ? search(found.phrase, found.page.units.length) : Promise.resolve());

  const save = (unit: ConcordanceUnit, target: string) =>
    void attempt(async () => {
      await put(adminRoutes.memoryUnit(unit.id), { target });
      setEditing(null);
      await again();
      return t(message('search.saved', 'Saved: "{source}" is now translated "{target}", as your translation.'), {
        source: unit.source,
        target: target.trim(),
      });
    });

  const remove = (unit: ConcordanceUnit) =>
    void attempt(async () => {
      await del(adminRoutes.memoryUnit(unit.id));
      await again();
      return t(message('search.deleted', 'Deleted the unit for "{source}".'), { source: unit.source });
    });

  const units = found?.page.units ?? [];
  return (
    <Box paddingTop={4} data-testid="circassian-memory-search">
      <Typography variant="epsilon" tag="h3">
        {t(message('search.heading', 'Search the memory'))}
      </Typography>
      <form onSubmit={submit}>
        <Flex gap={2} paddingTop={2} alignItems="end">
          <Box minWidth="320px">
            <TextInput
              aria-label={t(message('search.label', 'Word or phrase, in either language'))}
              placeholder={t(message('search.placeholder', 'A word or phrase, in either language'))}
              name="circassian-memory-search"
              value={phrase}
              onChange={(event: { target: { value: string } }) => setPhrase(event.target.value)}
            />
          </Box>
          <Button type="submit" variant="secondary" disabled={busy || phrase.trim() === ''}>
            {t(message('search.submit', 'Search'))}
          </Button>
        </Flex>
      </form>
      {found ? (
        <Typography tag="p" textColor="neutral600" paddingTop={2} data-testid="circassian-search-count">
          {t(message('search.count', 'Units holding “{phrase}”: {total}.'), {
            total: found.page.total,
            phrase: found.phrase,
          })}
        </Typography>
      ) : null}
      {units.map((unit) => (
        <Box
          key={unit.id}
          marginTop={2}
          padding={3}
          background="neutral0"
          hasRadius
          borderColor="neutral200"
          data-testid="circassian-search-unit"
        >
          <Typography variant="pi" textColor="neutral600" tag="p">
            {t(unit.suggestion ? ORIGIN_WORDS.suggestion : ORIGIN_WORDS[unit.origin])}
            {' · '}
            {unit.changer ?? unit.creator ?? ''}
            {' · '}
            {dateTime(t, unit.changed ?? unit.created)}
            {unit.where ? ` · ${unit.whereLabel ?? unit.where}` : ''}
            {unit.changer && unit.creator && unit.changer !== unit.creator
              ? ` · ${t(message('review.madeBy', 'first by {creator}'), { creator: unit.creator })}`
              : ''}
          </Typography>
          <Typography tag="p">
            {unit.sourceLang}: {unit.source}
          </Typography>
          {editing?.id === unit.id ? (
            <Flex direction="column" alignItems="stretch" gap={2} paddingTop={1}>
              <Textarea
                aria-label={t(message('search.newTarget', 'New translation'))}
                name="circassian-unit-target"
                value={editing.target}
                onChange={(event: { target: { value: string } }) => setEditing({ id: unit.id, target: event.target.value })}
              />
              <Flex gap={2}>
                <Button size="S" disabled={busy || editing.target.trim() === ''} onClick={() => save(unit, editing.target)}>
                  {t(message('search.save', 'Save'))}
                </Button>
                <Button size="S" variant="tertiary" onClick={() => setEditing(null)}>
                  {t(message('search.cancel', 'Cancel'))}
                </Button>
              </Flex>
            </Flex>
          ) : (
            <Typography tag="p" fontWeight="bold">
              {unit.targetLang}: {unit.target}
            </Typography>
          )}
          {found?.page.mayManage && !unit.suggestion && editing?.id !== unit.id ? (
            <Flex gap={2} paddingTop={1}>
              <Button size="S" variant="secondary" disabled={busy} onClick={() => setEditing({ id: unit.id, target: unit.target })}>
                {t(message('search.edit', 'Edit'))}
              </Button>
              <ConfirmButton
                disabled={busy}
                question={t(message('search.deleteQuestion', 'Delete this unit?'))}
                explanation={t(
                  message(
                    'search.deleteExplanation',
                    '"{source}" will be translated by the service again next time (unless it is taught again).',
                  ),
                  { source: unit.source },
                )}
                confirm={t(message('search.deleteConfirm', 'Delete the unit'))}
                keep={t(message('search.deleteKeep', 'Keep it'))}
                onConfirm={() => remove(unit)}
              >
                {t(message('search.delete', 'Delete'))}
              </ConfirmButton>
            </Flex>
          ) : null}
        </Box>
      ))}
      {found && units.length < found.page.total ? (
        <Button
          variant="tertiary"
          disabled={busy}
          onClick={() => void attempt(async () => (await search(found.phrase, units.length + 1), ''))}
        >
          {t(message('search.more', 'Show more'))}
        </Button>
      ) : null}
    </Box>
  );
}
