// Settings: the key's name and limits as the last "Test connection" found them (never the key
// itself), today's use of each allowance as the plugin counted it, the configured content types,
// the translation memory, the glossary, and the queue with pause and resume, each a section of its own.
// Everything comes from Strapi's own database: an open page sends the service nothing; only the
// "Test connection" button does, once per click.
import { useIntl } from 'react-intl';
import { Box, Typography } from '@strapi/design-system';
import { useSettings } from '../hooks/useSettings';
import { message } from '../utils/messages';
import { MemorySection } from '../components/MemorySection';
import { GlossarySection } from '../components/GlossarySection';
import { ContentTypesSection } from '../components/settings/ContentTypesSection';
import { KeySection } from '../components/settings/KeySection';
import { QueueSection } from '../components/settings/QueueSection';
import { UsageSection } from '../components/settings/UsageSection';

export default function SettingsPage() {
  const { formatMessage: t } = useIntl();
  const { settings, refresh } = useSettings();
  if (!settings) return null;
  return (
    <Box padding={8} data-testid="circassian-settings">
      <Typography variant="alpha" tag="h1">
        {t(message('settings.heading', 'Circassian translation'))}
      </Typography>
      <KeySection settings={settings} refresh={refresh} />
      <UsageSection settings={settings} />
      <ContentTypesSection settings={settings} />
      <MemorySection localeNames={settings.localeNames} />
      <GlossarySection />
      <QueueSection settings={settings} refresh={refresh} />
    </Box>
  );
}
