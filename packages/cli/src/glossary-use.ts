/**
 * The glossary in translate and batch: which one applies (it needs --from: its terms are per
 * language pair, and a keep term must not be sent as text for the service to detect the language),
 * and what the term check found, as notices on stderr and as `glossary` in --json.
 */
import { describeTermProblem, type Glossary, type GlossaryReport, type TermProblem } from '@circassian/core';
import type { Args } from './command.js';
import { UsageError } from './cli-error.js';
import { commandGlossary } from './glossary-file.js';
import type { CliIo } from './io.js';
import type { Languages } from './memory-source.js';
import type { Output } from './output.js';

/** The run's glossary for a translation, or undefined; the default one without --from is skipped with a notice. */
export async function translationGlossary(args: Args, io: CliIo, out: Output, languages: Languages): Promise<Glossary | undefined> {
  const found = await commandGlossary(args, io);
  if (found === undefined || languages.source_lang !== undefined) return found?.glossary;
  const hint = `its terms are per language pair: give --from (e.g. --from ru --to ${languages.target_lang})`;
  if (found.named) throw new UsageError('--glossary needs --from', hint);
  if (found.glossary.entries.some((entry) => entry.targetLang === languages.target_lang))
    out.notice(`the default glossary was not applied: ${hint}, or --no-glossary`);
  return undefined;
}

/** One problem as JSON (the CLI's snake_case), with the term and where it stands. */
export function termProblemJson(problem: TermProblem): Record<string, unknown> {
  const { entry } = problem;
  return {
    kind: problem.kind,
    type: entry.type,
    source: entry.source,
    target: entry.target,
    ...(entry.note !== undefined ? { note: entry.note } : {}),
    ...(problem.kind === 'missing'
      ? { source_start: problem.sourceStart, source_end: problem.sourceEnd }
      : { found: problem.found, target_start: problem.targetStart, target_end: problem.targetEnd }),
    message: describeTermProblem(problem),
  };
}

/** The report as the --json result's `glossary`: the problems in one list, each with its input line when there are lines. */
export function glossaryJson(report: GlossaryReport, lineOf?: (index: number) => number): Record<string, unknown> {
  return {
    protected_terms: report.protectedTerms,
    lost_terms: report.lostTerms,
    problems: report.problems.flatMap((problems, index) =>
      problems.map((problem) => ({ ...(lineOf ? { line: lineOf(index) } : {}), ...termProblemJson(problem) })),
    ),
  };
}

/** Each problem as a notice, prefixed with where it is (`line 3: `) when there are several texts. */
export function noticeTermProblems(out: Output, report: GlossaryReport | undefined, where: (index: number) => string = () => ''): void {
  report?.problems.forEach((problems, index) => {
    for (const problem of problems) out.notice(`${where(index)}${describeTermProblem(problem)}`);
  });
}
