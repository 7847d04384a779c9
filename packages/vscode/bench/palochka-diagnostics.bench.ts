/**
 * The palochka diagnostics' own work on a 5 MB document, without the editor: the first scan line by
 * line (PalochkaLines, as the extension does it in slices) against one findPalochkaLookalikes call
 * over the whole text (the lower bound), and one keystroke (rescanning the edited line) against
 * rescanning the whole document (what a non-incremental linter does). Run: `pnpm bench palochka-diagnostics`.
 */
import { findPalochkaLookalikes } from '@circassian/core/palochka';
import { PalochkaLines } from '../src/logic/palochka-lines';

const LINE = 'Сэ сыкIуэнущ, уи пщэддджыжь фIыуэ! 1928гъэм к1уэ, I read ХIХ лIэщIыгъуэ.';
const PLAIN = 'plain English line with I and 1 and |';
const lines: string[] = [];
for (let bytes = 0; bytes < 5 * 1024 * 1024;) {
  const line = lines.length % 7 === 0 ? PLAIN : LINE;
  lines.push(line);
  bytes += Buffer.byteLength(line) + 1;
}
const lineCount = lines.length;
const text = lines.join('\n');

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function time(work: () => void, rounds: number): number {
  const samples: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const begun = performance.now();
    work();
    samples.push(performance.now() - begun);
  }
  return median(samples);
}

let index = new PalochkaLines();
const firstScan = time(() => {
  index = new PalochkaLines();
  index.appendLines(lines);
}, 5);
const wholeText = time(() => void findPalochkaLookalikes(text), 5);
const keystroke = time(() => index.replaceLines(lineCount >> 1, lineCount >> 1, [`${LINE} к|`]), 2_000);
const rescanAll = time(() => void findPalochkaLookalikes(text), 5);

console.log(
  'document                  %s MB, %d lines, %d look-alikes',
  (Buffer.byteLength(text) / 1024 / 1024).toFixed(1),
  lineCount,
  index.count,
);
console.log('first scan, by line       %s ms   baseline one call on the whole text %s ms', firstScan.toFixed(1), wholeText.toFixed(1));
console.log('one keystroke (one line)  %s ms   baseline rescanning the whole document %s ms', keystroke.toFixed(3), rescanAll.toFixed(1));
