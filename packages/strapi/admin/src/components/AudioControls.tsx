// The panel's audio part: the entry's own voice and speed (kept for every audio locale of the
// entry; "Configured" leaves the content type's), and "Generate audio", whose answer names each
// locale where nothing will be made and why, instead of saying "queued" for work that does nothing.
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Button, Field, Flex, NumberInput, SingleSelect, SingleSelectOption, Typography } from '@strapi/design-system';
import { useFetchClient } from '@strapi/strapi/admin';
import { localeName, routes, serverMessage, type AudioAnswer, type EntryStatus } from '../api';
import { message, type Format } from '../utils/messages';
import { audioReasonWords } from '../utils/audio-reason';

const CONFIGURED = 'configured';

/** The service's voices are listed with English titles: the two it always has are said in the admin's language. */
const VOICE_WORDS: Readonly<Record<string, ReturnType<typeof message>>> = {
  male: message('audio.voiceMale', 'Male'),
  female: message('audio.voiceFemale', 'Female'),
};
const voiceName = (t: Format, option: { id: string; title: string }): string => {
  const words = VOICE_WORDS[option.id];
  return words ? t(words) : option.title;
};

export function AudioControls({
  model,
  id,
  status,
  locales,
  onNotice,
  onDone,
}: {
  model: string;
  id: string;
  status: EntryStatus;
  /** The audio locales this admin may have voiced. */
  locales: string[];
  onNotice: (notice: string) => void;
  onDone: () => void;
}) {
  const { post } = useFetchClient();
  const { formatMessage: t } = useIntl();
  const [voice, setVoice] = useState<string>(status.voice.voice ?? CONFIGURED);
  const [speed, setSpeed] = useState<number | undefined>(status.voice.speed ?? undefined);
  useEffect(() => {
    setVoice(status.voice.voice ?? CONFIGURED);
    setSpeed(status.voice.speed ?? undefined);
  }, [status.voice.voice, status.voice.speed]);

  const saveVoice = async () => {
    try {
      await post(routes.voice(model, id), { voice: voice === CONFIGURED ? null : voice, speed: speed ?? null });
      onNotice(t(message('audio.voiceSaved', 'Voice saved; the next audio of this entry uses it.')));
      onDone();
    } catch (error) {
      onNotice(serverMessage(t, error));
    }
  };

  const generate = async () => {
    try {
      const { data } = await post<AudioAnswer>(routes.audio(model, id), { locales });
      const lines = data.notQueued.map((entry) => {
        const name = localeName(entry.locale, status.localeNames);
        return `${name}: ${audioReasonWords(t, entry, name)}`;
      });
      if (data.queued.length > 0)
        lines.unshift(
          t(message('audio.queuedFor', 'Audio generation queued for {locales}.'), {
            locales: data.queued.map((code) => localeName(code, status.localeNames)).join(', '),
          }),
        );
      onNotice(lines.join(' '));
      onDone();
    } catch (error) {
      onNotice(serverMessage(t, error));
    }
  };

  return (
    <Flex direction="column" alignItems="stretch" gap={2} data-testid="circassian-audio-controls">
      <Field.Root name="circassian-voice">
        <Field.Label>{t(message('audio.voice', 'Voice'))}</Field.Label>
        <SingleSelect value={voice} onChange={(value) => setVoice(String(value))}>
          <SingleSelectOption value={CONFIGURED}>{t(message('audio.voiceConfigured', 'As configured'))}</SingleSelectOption>
          {status.voices.map((option) => (
            <SingleSelectOption key={option.id} value={option.id}>
              {voiceName(t, option)}
            </SingleSelectOption>
          ))}
        </SingleSelect>
      </Field.Root>
      <Field.Root name="circassian-speed" hint={t(message('audio.speedHint', 'Above 0.2, at most 2; empty: as configured.'))}>
        <Field.Label>{t(message('audio.speed', 'Speed'))}</Field.Label>
        <NumberInput {...(speed === undefined ? {} : { value: speed })} step={0.05} onValueChange={setSpeed} />
        <Field.Hint />
      </Field.Root>
      <Button variant="tertiary" fullWidth disabled={locales.length === 0} onClick={() => void saveVoice()}>
        {t(message('audio.saveVoice', 'Use this voice'))}
      </Button>
      <Button variant="tertiary" fullWidth disabled={locales.length === 0} onClick={() => void generate()}>
        {t({ id: 'circassian.panel.generateAudio', defaultMessage: 'Generate audio' })}
      </Button>
      {locales.length > 0 ? (
        <Typography variant="pi" textColor="neutral600">
          {t(message('audio.readsIn', 'Audio in {locales}.'), {
            locales: locales.map((code) => localeName(code, status.localeNames)).join(', '),
          })}
        </Typography>
      ) : null}
    </Flex>
  );
}
