/** A memory unit as the `memory` actions print it: snake_case JSON, or one readable line. */
import { unitAuthor, type MemoryUnit } from '@circassian/core';

/** A unit in the command's JSON: the service's snake_case, as every other command's. */
export function unitJson(unit: MemoryUnit) {
  return {
    source_lang: unit.sourceLang,
    target_lang: unit.targetLang,
    source: unit.source,
    target: unit.target,
    origin: unit.origin,
    suggestion: unit.suggestion === true,
    by: unitAuthor(unit),
    creator: unit.creator,
    created: unit.created,
    changer: unit.changer,
    changed: unit.changed,
    where: unit.where,
    context: unit.context,
    usage_count: unit.usageCount,
  };
}

/** One unit as a line: its pair, origin (or suggestion), who wrote it and when, its texts, context and place. */
export function unitLine(unit: MemoryUnit): string {
  const kind = unit.suggestion ? `suggestion (${unit.origin})` : unit.origin;
  const date = (unit.changed ?? unit.created).slice(0, 10);
  return [
    `${unit.sourceLang} -> ${unit.targetLang} ${kind} by ${unitAuthor(unit) ?? 'no one named'} on ${date}:`,
    `${JSON.stringify(unit.source)} -> ${JSON.stringify(unit.target)}`,
    ...(unit.context !== undefined ? [`context ${JSON.stringify(unit.context)}`] : []),
    ...(unit.where !== undefined ? [`in ${unit.where}`] : []),
  ].join(' ');
}
