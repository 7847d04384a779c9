// The bulk page for a role without the bulk permission: what it lacks and where it is given.
import { useIntl } from 'react-intl';
import { Box, Typography } from '@strapi/design-system';
import { message } from '../../utils/messages';

export function NoAccess() {
  const { formatMessage: t } = useIntl();
  return (
    <Box padding={8}>
      <Typography variant="alpha" tag="h1">
        {t(message('bulk.title', 'Circassian bulk translation'))}
      </Typography>
      <Box paddingTop={4}>
        <Typography tag="p" data-testid="circassian-no-access">
          {t(
            message(
              'bulk.noAccess',
              'Your role may not use Circassian bulk translation. Ask an administrator for the permission "Run, pause and cancel bulk translations" (Settings > Roles > Plugins > Circassian).',
            ),
          )}
        </Typography>
      </Box>
    </Box>
  );
}
