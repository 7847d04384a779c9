// Review by sentence (issue 33): when the source changed under a target field someone edited by
// hand, which of the field's sentences (as the translation walks them: a short text whole, a
// Markdown line; the writer's per-sentence record, corrections.ts) stand for a source sentence
// that changed: the source sentence as it was translated and as it reads now, and the target
// sentence kept in the field. Only the replaced ones: where the source gained or lost sentences,
// or the target's sentence cannot be told apart any more (a person rewrote around it), there is no
// sentence-by-sentence answer (null), and the review offers the whole field only. And, after
// "Translate only the changed sentences", the record that goes with the field: the source as it
// reads now; the written hashes of the other sentences kept (the person's edits in them are still
// corrections of what the plugin wrote, paired with their unchanged source sentences); the
// retranslated ones as the plugin wrote them now. Pure.
import { lineUp, sentenceHash, type SentenceRecord } from './corrections';

/** A target sentence whose source sentence changed since it was translated. */
export interface ChangedSentence {
  /** Its place among the source's sentences now. */
  readonly sourceIndex: number;
  /** Its place among the target field's sentences. */
  readonly targetIndex: number;
  /** The source sentence as it was translated, where the record keeps it (records of earlier versions keep hashes only). */
  readonly before: string | null;
  /** The source sentence now. */
  readonly now: string;
  /** The target sentence in the field, as kept. */
  readonly kept: string;
  /** Whether a person changed the kept sentence from what the plugin wrote. */
  readonly editedByHand: boolean;
}

/**
 * The target sentences whose source sentence changed, in order; [] where none did; null where the
 * field cannot be reviewed sentence by sentence (sentences added or removed on either side).
 */
export function changedSentences(record: SentenceRecord, source: readonly string[], target: readonly string[]): ChangedSentence[] | null {
  const count = record.source.length;
  if (source.length !== count) return null;
  const sourceNow = lineUp(record.source, source.map(sentenceHash));
  const targetNow = lineUp(record.written, target.map(sentenceHash));
  const changed: ChangedSentence[] = [];
  for (let index = 0; index < count; index++) {
    if ((sourceNow.match[index] ?? -1) !== index) return null;
    if (sourceNow.changed[index] !== 1) continue;
    const targetIndex = targetNow.match[index] ?? -1;
    if (targetIndex < 0) return null;
    changed.push({
      sourceIndex: index,
      targetIndex,
      before: record.sourceText?.[index] ?? null,
      now: source[index] ?? '',
      kept: target[targetIndex] ?? '',
      editedByHand: targetNow.changed[index] === 1,
    });
  }
  return changed;
}

/**
 * The record after the changed sentences were translated again (`written`: per changed sentence's
 * source index, the target sentence as written now): the source as it reads now, the other
 * sentences' written hashes as they were.
 */
export function recordAfterRetranslation(
  record: SentenceRecord,
  source: readonly string[],
  written: ReadonlyMap<number, string>,
): SentenceRecord {
  return {
    source: source.map(sentenceHash),
    written: record.written.map((hash, index) => {
      const now = written.get(index);
      return now === undefined ? hash : sentenceHash(now);
    }),
    sourceText: [...source],
  };
}
