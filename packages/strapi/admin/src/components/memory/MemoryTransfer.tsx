// The memory in and out as TMX: Export (a download streamed from the database) and Import (a file
// picker; the file is sent as a form and read unit by unit into the memory).
import { useRef } from 'react';
import { useIntl } from 'react-intl';
import { Button, Flex } from '@strapi/design-system';
import { useFetchClient } from '@strapi/strapi/admin';
import { adminRoutes, type MemoryImport } from '../../api';
import { message } from '../../utils/messages';
import { saveDownload } from '../../utils/save-download';

export function MemoryTransfer({
  busy,
  empty,
  attempt,
}: {
  busy: boolean;
  empty: boolean;
  attempt: (work: () => Promise<string>) => Promise<void>;
}) {
  const { get, post } = useFetchClient();
  const { formatMessage: t } = useIntl();
  const picker = useRef<HTMLInputElement>(null);

  const download = () =>
    attempt(async () => {
      const { data } = await get<Blob>(adminRoutes.memoryExport(), { responseType: 'blob' });
      saveDownload(data, 'circassian-memory.tmx');
      return t(message('memory.exported', 'The translation memory was saved as circassian-memory.tmx.'));
    });

  const upload = (file: File) =>
    attempt(async () => {
      const form = new FormData();
      form.append('files', file);
      const { data } = await post<MemoryImport>(adminRoutes.memoryImport(), form);
      const skipped = Object.values(data.skipped).reduce((sum, count) => sum + count, 0);
      const imported = t(
        message(
          'memory.imported',
          'Imported {read, plural, one {# unit} other {# units}} from {file}: {stored} new or changed, {keptHuman} not stored over a correction, {skipped} left out.',
        ),
        { read: data.read, file: file.name, stored: data.stored, keptHuman: data.keptHuman, skipped },
      );
      // A reviewed unit is never replaced in silence: what the file left as it was, or replaced, is said.
      if (data.keptReviewed + data.keptNewer + data.replacedReviewed === 0) return imported;
      const reviewed = t(
        message(
          'memory.importedReviewed',
          '{keptReviewed} not stored over a reviewed translation, {keptNewer} older than what the memory holds, {replacedReviewed} reviewed translations replaced by newer reviewed ones.',
        ),
        { keptReviewed: data.keptReviewed, keptNewer: data.keptNewer, replacedReviewed: data.replacedReviewed },
      );
      return `${imported} ${reviewed}`;
    });

  return (
    <Flex gap={2} paddingTop={2}>
      <Button variant="secondary" disabled={busy || empty} onClick={() => void download()}>
        {t(message('memory.export', 'Export TMX'))}
      </Button>
      <Button variant="secondary" disabled={busy} onClick={() => picker.current?.click()}>
        {t(message('memory.import', 'Import TMX...'))}
      </Button>
      <input
        ref={picker}
        type="file"
        accept=".tmx,.xml,application/x-tmx+xml,application/xml"
        hidden
        data-testid="circassian-memory-file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void upload(file);
        }}
      />
    </Flex>
  );
}
