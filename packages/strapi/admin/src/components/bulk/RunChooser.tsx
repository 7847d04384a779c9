// What a run translates: a content type (one button each), its target locales, and whether only
// the entries missing, outdated, failed or missing audio are taken.
import { useIntl } from 'react-intl';
import { Button, Checkbox, Flex } from '@strapi/design-system';
import { localeName, type Overview } from '../../api';
import { message } from '../../utils/messages';

export interface RunChoice {
  uid: string | null;
  locales: string[];
  onlyChanged: boolean;
}

export function RunChooser({
  overview,
  choice,
  onChange,
}: {
  overview: Overview;
  choice: RunChoice;
  onChange: (choice: RunChoice) => void;
}) {
  const { formatMessage: t } = useIntl();
  const type = overview.contentTypes.find((candidate) => candidate.uid === choice.uid);
  const toggle = (locale: string) =>
    onChange({
      ...choice,
      locales: choice.locales.includes(locale) ? choice.locales.filter((item) => item !== locale) : [...choice.locales, locale],
    });
  return (
    <>
      <Flex gap={4} paddingTop={4} wrap="wrap">
        {overview.contentTypes.map((candidate) => (
          <Button
            key={candidate.uid}
            variant={candidate.uid === choice.uid ? 'default' : 'tertiary'}
            onClick={() => onChange({ ...choice, uid: candidate.uid, locales: candidate.locales.map((row) => row.locale) })}
          >
            {candidate.displayName}
          </Button>
        ))}
      </Flex>
      {type ? (
        <Flex gap={4} paddingTop={4} wrap="wrap">
          {type.locales.map(({ locale }) => (
            <Checkbox key={locale} checked={choice.locales.includes(locale)} onCheckedChange={() => toggle(locale)}>
              {localeName(locale, overview.localeNames)}
            </Checkbox>
          ))}
          <Checkbox checked={choice.onlyChanged} onCheckedChange={() => onChange({ ...choice, onlyChanged: !choice.onlyChanged })}>
            {t(message('bulk.onlyChanged', 'Only entries missing, outdated, failed or missing audio'))}
          </Checkbox>
        </Flex>
      ) : null}
    </>
  );
}
