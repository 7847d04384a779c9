// One language pair of the memory: its units by origin, and (for a role that may) Clear, asked first.
import { useIntl } from 'react-intl';
import { Flex, Typography } from '@strapi/design-system';
import { useFetchClient } from '@strapi/strapi/admin';
import { adminRoutes, type MemoryOverview } from '../../api';
import { amount, message } from '../../utils/messages';
import { ConfirmButton } from '../ConfirmButton';

type Pair = MemoryOverview['stats']['pairs'][number];

export function MemoryPairRow({
  pair,
  language,
  mayClear,
  busy,
  attempt,
}: {
  pair: Pair;
  /** A language code by its name in the admin. */
  language: (code: string) => string;
  mayClear: boolean;
  busy: boolean;
  attempt: (work: () => Promise<string>) => Promise<void>;
}) {
  const { post } = useFetchClient();
  const { formatMessage: t } = useIntl();
  const [source, target] = [language(pair.source), language(pair.target)];
  return (
    <Flex gap={2} paddingTop={2} data-testid="circassian-memory-pair">
      <Typography>
        {t(
          message(
            'memory.pair',
            '{source} into {target}: {units, plural, one {# unit} other {# units}} ({machine} from the service, {human} corrected by editors, {reviewed} reviewed, {suggestions} suggested)',
          ),
          {
            source,
            target,
            units: pair.units,
            machine: amount(t, pair.byOrigin.machine),
            human: amount(t, pair.byOrigin.human),
            reviewed: amount(t, pair.byOrigin.reviewed),
            suggestions: amount(t, pair.suggestions),
          },
        )}
      </Typography>
      {mayClear ? (
        <ConfirmButton
          disabled={busy}
          label={t(message('memory.clearLabel', 'Clear {source} into {target}'), { source, target })}
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
      ) : null}
    </Flex>
  );
}
