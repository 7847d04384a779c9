// The edit-view panel: this entry's status per locale in words an editor understands
// (panel/LocaleStatusLine), the pauses that hold its work, and its buttons (panel/PanelActions) for
// a role that may translate, and the memory's near matches for the target locale shown
// (panel/NearMatchesSection). The status comes from useEntryStatus.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Box, Flex, Typography } from '@strapi/design-system';
import { unstable_useContentManagerContext } from '@strapi/strapi/admin';
import { describePauses, localeName } from '../api';
import { useEntryStatus } from '../hooks/useEntryStatus';
import { languageName, message } from '../utils/messages';
import { LocaleStatusLine } from './panel/LocaleStatusLine';
import { ChangedSentencesSection } from './panel/ChangedSentencesSection';
import { NearMatchesSection } from './panel/NearMatchesSection';
import { PanelActions, viewedLocale } from './panel/PanelActions';

export function TranslationPanel() {
  const { model, id, isCreatingEntry } = unstable_useContentManagerContext();
  const { formatMessage: t, locale: adminLocale } = useIntl();
  const { status, refresh } = useEntryStatus(model, id, isCreatingEntry);
  const [notice, setNotice] = useState<string | null>(null);

  if (!id || isCreatingEntry || !status) return null;
  // Near matches are for the target locale on screen (none in the source's own edit view).
  const viewed = status.locales.find((locale) => locale.locale === viewedLocale())?.locale;

  return (
    <Box data-testid="circassian-panel" paddingTop={2} width="100%">
      <Typography variant="sigma" textColor="neutral600">
        {t(
          { id: 'circassian.panel.title', defaultMessage: 'Circassian translation (from {locale})' },
          { locale: languageName(adminLocale, status.sourceLocale, localeName(status.sourceLocale, status.localeNames)) },
        )}
      </Typography>
      <Flex direction="column" alignItems="stretch" gap={1} paddingTop={2}>
        {status.locales.map((locale) => (
          <LocaleStatusLine key={locale.locale} locale={locale} status={status} />
        ))}
        {viewed ? <ChangedSentencesSection model={model} id={id} locale={viewed} mayAct={status.mayAct} /> : null}
        {viewed ? <NearMatchesSection model={model} id={id} locale={viewed} /> : null}
        {describePauses(t, status.queue.pauses).map((line) => (
          <Typography key={line} variant="pi" textColor="warning600" data-testid="circassian-pause">
            {line}
          </Typography>
        ))}
        {status.mayAct ? (
          <PanelActions model={model} id={id} status={status} onNotice={setNotice} onDone={() => void refresh()} />
        ) : (
          <Typography variant="pi" textColor="neutral600" data-testid="circassian-role-note">
            {t(
              message(
                'panel.readOnly',
                'Your role may see this status but not start translations or audio (Settings > Roles > Plugins > Circassian: "Translate entries and generate audio").',
              ),
            )}
          </Typography>
        )}
        {notice ? (
          <Typography variant="pi" data-testid="circassian-message">
            {notice}
          </Typography>
        ) : null}
      </Flex>
    </Box>
  );
}
