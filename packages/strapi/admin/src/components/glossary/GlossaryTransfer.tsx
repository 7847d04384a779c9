// The glossary in and out: Export TBX (every entry, TBX-Basic as terminology tools read it), Export
// CSV per language pair (the CSV contract holds one pair), and Import (a TBX or CSV file; a file
// that is not valid is refused whole with the reason, and nothing changes).
import { useRef } from 'react';
import { useIntl } from 'react-intl';
import { Button, Flex } from '@strapi/design-system';
import { useFetchClient } from '@strapi/strapi/admin';
import { adminRoutes, type GlossaryImport, type GlossaryRow } from '../../api';
import { message } from '../../utils/messages';
import { saveDownload } from '../../utils/save-download';

export function GlossaryTransfer({
  entries,
  busy,
  attempt,
}: {
  entries: readonly GlossaryRow[];
  busy: boolean;
  attempt: (work: () => Promise<string>) => Promise<boolean>;
}) {
  const { get, post } = useFetchClient();
  const { formatMessage: t } = useIntl();
  const picker = useRef<HTMLInputElement>(null);
  const pairs = [...new Set(entries.map((entry) => `${entry.sourceLang}:${entry.targetLang}`))];

  const download = (format: 'tbx' | 'csv', pair?: string) =>
    attempt(async () => {
      const { data } = await get<Blob>(adminRoutes.glossaryExport(format, pair), { responseType: 'blob' });
      const name = `circassian-glossary${pair ? `-${pair.replace(':', '-')}` : ''}.${format}`;
      saveDownload(data, name);
      return t(message('glossary.exported', 'The glossary was saved as {name}.'), { name });
    });

  const upload = (file: File) =>
    attempt(async () => {
      const form = new FormData();
      form.append('files', file);
      const { data } = await post<GlossaryImport>(adminRoutes.glossaryImport(), form);
      return t(
        message(
          'glossary.imported',
          'Imported {read, plural, one {# term} other {# terms}} from {file}: {added} new, {replaced} replaced, {skipped} left out (languages the service does not translate).',
        ),
        { read: data.read, file: file.name, added: data.added, replaced: data.replaced, skipped: data.skipped },
      );
    });

  return (
    <Flex gap={2} paddingTop={4} wrap="wrap">
      <Button variant="secondary" disabled={busy || entries.length === 0} onClick={() => void download('tbx')}>
        {t(message('glossary.exportTbx', 'Export TBX'))}
      </Button>
      {pairs.map((pair) => (
        <Button key={pair} variant="secondary" disabled={busy} onClick={() => void download('csv', pair)}>
          {t(message('glossary.exportCsv', 'Export CSV ({pair})'), { pair: pair.replace(':', ' → ') })}
        </Button>
      ))}
      <Button variant="secondary" disabled={busy} onClick={() => picker.current?.click()}>
        {t(message('glossary.import', 'Import TBX or CSV...'))}
      </Button>
      <input
        ref={picker}
        type="file"
        accept=".tbx,.xml,.csv,application/x-tbx+xml,application/xml,text/csv"
        hidden
        data-testid="circassian-glossary-file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void upload(file);
        }}
      />
    </Flex>
  );
}
