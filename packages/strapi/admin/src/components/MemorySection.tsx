// Settings > Circassian, the translation memory: its units per language pair (machine, and those
// editors corrected), what it saved, and, for a role that may manage it, TMX export and import,
// clearing one pair (asked first) and the reviewer's list (memory/ReviewSection). Everything is read from Strapi's database; nothing is sent to the
// service.
import { useIntl } from 'react-intl';
import { Box, Typography } from '@strapi/design-system';
import { useMemory } from '../hooks/useMemory';
import { amount, displayLanguage, message } from '../utils/messages';
import { MemoryPairRow } from './memory/MemoryPairRow';
import { MemorySearch } from './memory/MemorySearch';
import { MemoryTransfer } from './memory/MemoryTransfer';
import { ReviewSection } from './memory/ReviewSection';
import { ActionNote } from './ActionNote';

export function MemorySection({ localeNames }: { localeNames: Record<string, string> }) {
  const { formatMessage: t, locale } = useIntl();
  const { stats, mayManage, note, busy, attempt } = useMemory();
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
        <MemoryPairRow
          key={`${pair.source}:${pair.target}`}
          pair={pair}
          language={language}
          mayClear={mayManage}
          busy={busy}
          attempt={attempt}
        />
      ))}
      {stats && stats.savedCharacters > 0 ? (
        <Typography tag="p" textColor="neutral600" data-testid="circassian-memory-saved">
          {t(message('memory.saved', '{characters} characters taken from the memory instead of the service so far.'), {
            characters: amount(t, stats.savedCharacters),
          })}
        </Typography>
      ) : null}
      {mayManage ? (
        <>
          <MemorySearch busy={busy} attempt={attempt} />
          <MemoryTransfer busy={busy} empty={!stats || stats.units === 0} attempt={attempt} />
          <ReviewSection busy={busy} attempt={attempt} />
        </>
      ) : (
        <Typography tag="p" textColor="neutral600" data-testid="circassian-memory-role-note">
          {t(
            message(
              'memory.readOnly',
              'Your role may see these counts but not export, import or clear the memory, nor teach it (Settings > Roles > Plugins > Circassian: "Teach, export, import and clear the translation memory").',
            ),
          )}
        </Typography>
      )}
      <ActionNote note={note} testId="circassian-memory-note" />
    </Box>
  );
}
