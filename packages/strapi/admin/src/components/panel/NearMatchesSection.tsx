// Near matches in the edit view (issue 33): for the target locale shown, the source's sentences the
// memory has no exact unit for, each with its best near matches from the memory (percentage, who
// wrote it and how) and "Use this". A match is a suggestion: it goes into the form only on that
// click, unsaved, where the editor reviews it like any edit of theirs (and the memory learns from
// it on save by the usual rules). The sentence's source text in the form is replaced where the
// field holds it (a field filled from the source); an empty field that is that one sentence takes
// the match whole; elsewhere the editor is told where to put it.
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Badge, Box, Button, Flex, Typography } from '@strapi/design-system';
import { useFetchClient, useForm } from '@strapi/strapi/admin';
import { routes, serverMessage, type NearMatches, type NearMatchSentence } from '../../api';
import { message, type Format } from '../../utils/messages';

const ORIGIN_WORDS = {
  reviewed: message('near.origin.reviewed', 'reviewed'),
  human: message('near.origin.human', 'by a person'),
  machine: message('near.origin.machine', 'by the service'),
};

/** The field's new value with the chosen translation in the sentence's place, or null where there is no place for it. */
export const withMatch = (current: unknown, sentence: NearMatchSentence, target: string): string | null => {
  const value = typeof current === 'string' ? current : '';
  if (value.includes(sentence.source)) return value.replace(sentence.source, target);
  if (value.trim() === '' && sentence.whole) return target;
  return null;
};

const whoWrote = (t: Format, unit: NearMatchSentence['matches'][number]['unit']): string =>
  unit.suggestion
    ? t(message('near.yourSuggestion', 'your suggestion'))
    : `${t(ORIGIN_WORDS[unit.origin])}${unit.changer || unit.creator ? `, ${unit.changer ?? unit.creator}` : ''}`;

export function NearMatchesSection({ model, id, locale }: { model: string; id: string; locale: string }) {
  const { post } = useFetchClient();
  const { formatMessage: t } = useIntl();
  const form = useForm('CircassianNearMatches', (state) => state, false);
  const [found, setFound] = useState<NearMatches | null>(null);
  const [said, setSaid] = useState<{ text: string; error: boolean } | null>(null);

  useEffect(() => {
    let current = true;
    post<NearMatches>(routes.nearMatches(model, id), { locale })
      .then(({ data }) => current && setFound(data))
      .catch((error: unknown) => current && setSaid({ text: serverMessage(t, error), error: true }));
    return () => {
      current = false;
    };
  }, [post, model, id, locale, t]);

  if (!found || found.fields.length === 0) return said ? <Typography variant="pi">{said.text}</Typography> : null;

  const use = (field: string, sentence: NearMatchSentence, target: string) => {
    if (!form) return;
    const value = withMatch(form.values[field], sentence, target);
    if (value === null) {
      setSaid({
        text: t(
          message(
            'near.noPlace',
            '{field} does not hold this sentence any more, so the match was not put in. Copy it where this sentence’s translation goes: {target}',
          ),
          { field, target },
        ),
        error: true,
      });
      return;
    }
    form.onChange(field, value);
    setSaid({ text: t(message('near.used', 'Put into {field}, not saved: review it, then save.'), { field }), error: false });
  };

  return (
    <Box paddingTop={2} data-testid="circassian-near-matches">
      <Typography variant="sigma" textColor="neutral600" tag="h3">
        {t(message('near.title', 'Near matches from the memory'))}
      </Typography>
      <Typography variant="pi" textColor="neutral600" tag="p">
        {t(message('near.about', 'Sentences the memory has no exact translation for. Nothing is put into the form until you choose.'))}
      </Typography>
      {found.fields.map(({ field, sentences }) =>
        sentences.map((sentence) => (
          <Box key={`${field}:${sentence.source}`} paddingTop={2} data-testid="circassian-near-sentence">
            <Typography variant="pi" fontWeight="bold" tag="p">
              {field}: {sentence.source}
            </Typography>
            {sentence.matches.map((match) => (
              <Flex
                key={`${match.unit.source}:${match.unit.suggestion ? 'mine' : match.unit.origin}`}
                direction="column"
                alignItems="stretch"
                gap={1}
                paddingTop={1}
                data-testid="circassian-near-match"
              >
                <Flex gap={2}>
                  <Badge data-testid="circassian-near-percent">{`${match.percent}%`}</Badge>
                  <Typography variant="pi" textColor="neutral600">
                    {whoWrote(t, match.unit)}
                  </Typography>
                </Flex>
                <Typography variant="pi" textColor="neutral600" tag="p">
                  {match.unit.source}
                </Typography>
                <Typography variant="pi" tag="p">
                  {match.unit.target}
                </Typography>
                <Button size="S" variant="secondary" disabled={!form} onClick={() => use(field, sentence, match.unit.target)}>
                  {t(message('near.use', 'Use this'))}
                </Button>
              </Flex>
            ))}
          </Box>
        )),
      )}
      {said ? (
        <Typography variant="pi" textColor={said.error ? 'danger600' : 'success600'} tag="p" data-testid="circassian-near-note">
          {said.text}
        </Typography>
      ) : null}
    </Box>
  );
}
