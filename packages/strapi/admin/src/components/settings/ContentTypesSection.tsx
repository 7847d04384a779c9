// The configured content types in words (source into targets, when translated, what audio is made
// of which fields), and the audio format this server makes.
import { useIntl } from 'react-intl';
import { Box, Typography } from '@strapi/design-system';
import { localeName, type Settings } from '../../api';
import { message } from '../../utils/messages';

export function ContentTypesSection({ settings }: { settings: Settings }) {
  const { formatMessage: t } = useIntl();
  return (
    <Box paddingTop={6}>
      <Typography variant="delta" tag="h2">
        {t(message('settings.contentTypes', 'Content types'))}
      </Typography>
      {settings.contentTypes.map((type) => (
        <Typography key={type.uid} tag="p">
          {t(message('settings.type', '{type}: {source} into {targets}; translated on {when}'), {
            type: type.displayName,
            source: localeName(type.sourceLocale, settings.localeNames),
            targets: type.targetLocales.map((code) => localeName(code, settings.localeNames)).join(', '),
            when: type.translateOn === 'publish' ? t(message('settings.onPublish', 'publish')) : t(message('settings.onSave', 'save')),
          })}
          {type.audio.length
            ? t(message('settings.audio', '; audio on {when}: {mappings}'), {
                when: type.audioOn === 'publish' ? t(message('settings.onPublish', 'publish')) : t(message('settings.onSave', 'save')),
                mappings: type.audio
                  .map((mapping) =>
                    t(message('settings.mapping', '{from} to {to} ({locales})'), {
                      from: Array.isArray(mapping.from) ? mapping.from.join(' + ') : mapping.from,
                      to: mapping.to,
                      locales: mapping.locales.map((code) => localeName(code, settings.localeNames)).join(', '),
                    }),
                  )
                  .join('; '),
              })
            : ''}
        </Typography>
      ))}
      <Typography tag="p" data-testid="circassian-audio-format" data-format={settings.audioFormat.format}>
        {settings.audioFormat.encoder
          ? t(message('settings.audioMp3', 'Audio files are MP3, encoded on this server with {encoder}.'), {
              encoder: settings.audioFormat.encoder,
            })
          : t(
              message(
                'settings.audioWav',
                'Audio files are WAV. For MP3 (about a tenth of the size, what podcast apps take), install lame or ffmpeg on the server (Debian and Ubuntu: apt install lame) and restart Strapi.',
              ),
            )}
      </Typography>
    </Box>
  );
}
