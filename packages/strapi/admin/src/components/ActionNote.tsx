// The line under a settings section that says how its last action went (saved, imported, or why
// not): one look for the glossary and the memory, so a person reads both sections' outcomes alike.
import { Typography } from '@strapi/design-system';
import type { MemoryNote } from '../hooks/useMemory';

export function ActionNote({ note, testId }: { note: MemoryNote | null; testId: string }) {
  if (!note) return null;
  return (
    <Typography tag="p" textColor={note.error ? 'danger600' : 'success600'} data-testid={testId}>
      {note.text}
    </Typography>
  );
}
