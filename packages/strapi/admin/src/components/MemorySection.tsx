// Settings > Circassian, the translation memory: its units per language pair (machine, and those
// editors corrected), what it saved, TMX export (a download) and import (a file picker), and
// clearing one pair (asked first). Everything is read from Strapi's database; nothing is sent to
// the service.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Box, Button, Flex, Typography } from '@strapi/design-system';
import { useFetchClient } from '@strapi/strapi/admin';
import { adminRoutes, serverMessage, type MemoryImport, type MemoryOverview } from '../api';
import { ConfirmButton } from './ConfirmButton';
import { amount, displayLanguage, message } from '../utils/messages';

export function MemorySection({ localeNames }: { localeNames: Record<string, string> }) {
  const { get, post } = useFetchClient();
  const { formatMessage: t, locale } = useIntl();
  const [stats, setStats] = useState<MemoryOverview['stats'] | null>(null);
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const refresh = useCallback(async () => setStats((await get<MemoryOverview>(adminRoutes.memory())).data.stats), [get]);

  useEffect(() => {
    void refresh().catch((error: unknown) => setNote({ text: serverMessage(t, error), error: true }));
  }, [refresh, t]);

  const attempt = async (work: () => Promise<string>) => {
    setBusy(true);
    setNote(null);
    try {
      setNote({ text: await work(), error: false });
    } catch (error) {
      setNote({ text: serverMessage(t, error), error: true });
    } finally {
      setBusy(false);
      await refresh().catch(() => undefined);
    }
  };

  const download = () =>
    attempt(async () => {
      const { data } = await get<Blob>(adminRoutes.memoryExport(), { responseType: 'blob' });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(data);
      link.download = 'circassian-memory.tmx';
      link.click();
      // Revoked once the browser has taken the file, not before (an immediate revoke can cancel the download).
      setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
      return t(message('memory.exported', 'The translation memory was saved as circassian-memory.tmx.'));
    });

  const upload = (file: File) =>
    attempt(async () => {
      const form = new FormData();
      form.append('files', file);
      const { data } = await post<MemoryImport>(adminRoutes.memoryImport(), form);
      const skipped = Object.values(data.skipped).reduce((sum, count) => sum + count, 0);
      return t(
        message(
          'memory.imported',
          'Imported {read, plural, one {# unit} other {# units}} from {file}: {stored} new or changed, {keptHuman} not stored over a correction, {skipped} left out.',
        ),
        { read: data.read, file: file.name, stored: data.stored, keptHuman: data.keptHuman, skipped },
      );
    });

  // The memory's pairs are service languages: named as the locale of that code where there is one
  // (as the rest of the admin names it), else by the browser (whose ICU may not know kbd or ady).
  const language = (code: string) => localeNames[code] ?? displayLanguage(locale, code) ?? code;
  return (
    <Box paddingTop={6} data-testid="circassian-memory">
      <Typography variant="delta" tag="h2">
        {t(message('memory.heading', 'Translation memory'))}
      </Typography>
      <Typography tag="p" textColor="neutral600">
        {t(
          message(
            'memory.about',
            'Texts translated before are taken from here instead of the service (no request, no characters); an editor’s correction of a translated field is kept as theirs and used from then on. It stays in this database and leaves it only through Export.',
          ),
        )}
      </Typography>
      {stats && stats.pairs.length === 0 ? (
        <Typography tag="p" data-testid="circassian-memory-empty">
          {t(message('memory.empty', 'The memory is empty.'))}
        </Typography>
      ) : null}
      {stats?.pairs.map((pair) => (
        <Flex key={`${pair.source}:${pair.target}`} gap={2} paddingTop={2} data-testid="circassian-memory-pair">
          <Typography>
            {t(
              message(
                'memory.pair',
                '{source} into {target}: {units, plural, one {# unit} other {# units}} ({machine} from the service, {human} corrected by editors)',
              ),
              {
                source: language(pair.source),
                target: language(pair.target),
                units: pair.units,
                machine: amount(t, pair.byOrigin.machine),
                human: amount(t, pair.byOrigin.human),
              },
            )}
          </Typography>
          <ConfirmButton
            disabled={busy}
            label={t(message('memory.clearLabel', 'Clear {source} into {target}'), {
              source: language(pair.source),
              target: language(pair.target),
            })}
            question={t(message('memory.clearQuestion', 'Clear this language pair from the translation memory?'))}
            explanation={t(
              message(
                'memory.clearExplanation',
                'Its {units, plural, one {# unit} other {# units}}, editors’ corrections among them, are deleted; texts of this pair are sent to the service again. Export first to keep a copy.',
              ),
              { units: pair.units },
            )}
            confirm={t(message('memory.clearConfirm', 'Clear the pair'))}
            keep={t(message('memory.clearKeep', 'Keep it'))}
            onConfirm={() =>
              void attempt(async () => {
                const { data } = await post<{ removed: number }>(adminRoutes.memoryClear(), { source: pair.source, target: pair.target });
                return t(message('memory.cleared', '{removed, plural, one {# unit} other {# units}} removed.'), { removed: data.removed });
              })
            }
          >
            {t(message('memory.clear', 'Clear'))}
          </ConfirmButton>
        </Flex>
      ))}
      {stats && stats.savedCharacters > 0 ? (
        <Typography tag="p" textColor="neutral600" data-testid="circassian-memory-saved">
          {t(message('memory.saved', '{characters} characters taken from the memory instead of the service so far.'), {
            characters: amount(t, stats.savedCharacters),
          })}
        </Typography>
      ) : null}
      <Flex gap={2} paddingTop={2}>
        <Button variant="secondary" disabled={busy || !stats || stats.units === 0} onClick={() => void download()}>
          {t(message('memory.export', 'Export TMX'))}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => picker.current?.click()}>
          {t(message('memory.import', 'Import TMX...'))}
        </Button>
        <input
          ref={picker}
          type="file"
          accept=".tmx,.xml,application/x-tmx+xml,application/xml"
          hidden
          data-testid="circassian-memory-file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void upload(file);
          }}
        />
      </Flex>
      {note ? (
        <Typography tag="p" textColor={note.error ? 'danger600' : 'success600'} data-testid="circassian-memory-note">
          {note.text}
        </Typography>
      ) : null}
    </Box>
  );
}
