// The memory's reviewer (a role with "Teach, export, import and clear the translation memory"):
// recent corrections and suggestions with who, when and where; filter by person or to suggestions;
// accept a suggestion (it becomes a reviewed unit everyone gets back); remove everything one
// person taught (asked first).
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Box, Button, Checkbox, Flex, SingleSelect, SingleSelectOption, Typography } from '@strapi/design-system';
import { useFetchClient } from '@strapi/strapi/admin';
import { adminRoutes, type ReviewUnit } from '../../api';
import { useMemoryReview, type ReviewFilter } from '../../hooks/useMemoryReview';
import { message } from '../../utils/messages';
import { ConfirmButton } from '../ConfirmButton';
import { ReviewTable } from './ReviewTable';

export function ReviewSection({ busy, attempt }: { busy: boolean; attempt: (work: () => Promise<string>) => Promise<void> }) {
  const { post } = useFetchClient();
  const { formatMessage: t } = useIntl();
  const [filter, setFilter] = useState<ReviewFilter>({ by: null, suggestionsOnly: false });
  const { review, refresh, more } = useMemoryReview(filter);
  const act = (work: () => Promise<string>) => void attempt(work).then(refresh);

  const accept = (unit: ReviewUnit) =>
    act(async () => {
      await post(adminRoutes.memoryAccept(), {
        sourceLang: unit.sourceLang,
        targetLang: unit.targetLang,
        source: unit.source,
        creator: unit.creator,
        ...(unit.context !== null ? { context: unit.context } : {}),
      });
      return t(message('review.accepted', 'Accepted: everyone now gets "{target}" for "{source}".'), {
        target: unit.target,
        source: unit.source,
      });
    });

  const person = review?.people.find((candidate) => candidate.by === filter.by);
  return (
    <Box paddingTop={4} data-testid="circassian-memory-review">
      <Typography variant="epsilon" tag="h3">
        {t(message('review.heading', 'Corrections and suggestions'))}
      </Typography>
      <Flex gap={4} paddingTop={2} alignItems="end" wrap="wrap">
        <Box minWidth="280px">
          <SingleSelect
            aria-label={t(message('review.person', 'Written by'))}
            value={filter.by ?? ''}
            onChange={(value: string | number) => setFilter({ ...filter, by: value === '' ? null : String(value) })}
          >
            <SingleSelectOption value="">{t(message('review.everyone', 'Everyone'))}</SingleSelectOption>
            {(review?.people ?? []).map((candidate) => (
              <SingleSelectOption key={candidate.by} value={candidate.by}>
                {t(message('review.personCount', '{by} ({units, plural, one {# unit} other {# units}}, {suggestions} suggested)'), {
                  by: candidate.by,
                  units: candidate.units,
                  suggestions: candidate.suggestions,
                })}
              </SingleSelectOption>
            ))}
          </SingleSelect>
        </Box>
        <Checkbox
          checked={filter.suggestionsOnly}
          onCheckedChange={() => setFilter({ ...filter, suggestionsOnly: !filter.suggestionsOnly })}
        >
          {t(message('review.suggestionsOnly', 'Suggestions only'))}
        </Checkbox>
        {person ? (
          <ConfirmButton
            disabled={busy}
            question={t(message('review.removeQuestion', 'Remove everything {by} taught?'), { by: person.by })}
            explanation={t(
              message(
                'review.removeExplanation',
                'Their {units, plural, one {# unit} other {# units}} (suggestions included) are deleted from the memory; a unit someone else changed since stays. Texts they covered are translated again by the service or another unit.',
              ),
              { units: person.units },
            )}
            confirm={t(message('review.removeConfirm', 'Remove them'))}
            keep={t(message('review.removeKeep', 'Keep them'))}
            onConfirm={() =>
              act(async () => {
                const { data } = await post<{ removed: number }>(adminRoutes.memoryRemoveBy(), { by: person.by });
                setFilter({ ...filter, by: null });
                return t(message('review.removed', 'Removed {removed, plural, one {# unit} other {# units}} {by} taught.'), {
                  removed: data.removed,
                  by: person.by,
                });
              })
            }
          >
            {t(message('review.remove', 'Remove everything {by} taught'), { by: person.by })}
          </ConfirmButton>
        ) : null}
      </Flex>
      <Box paddingTop={2}>
        {review && review.units.length === 0 ? (
          <Typography tag="p" data-testid="circassian-review-empty">
            {t(message('review.empty', 'No corrections or suggestions here yet.'))}
          </Typography>
        ) : review ? (
          <ReviewTable units={review.units} busy={busy} onAccept={accept} />
        ) : null}
      </Box>
      {review?.more ? (
        <Box paddingTop={2}>
          <Button variant="tertiary" onClick={more}>
            {t(message('review.more', 'Show more'))}
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}
