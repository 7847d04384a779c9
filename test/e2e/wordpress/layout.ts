// Layout checks from what Chromium drew, for spacing and alignment a text check cannot see. Both boxes
// are read in one frame: a panel still filling in (a status line arriving) would otherwise move one
// element between the two readings.
import type { Locator } from 'playwright-core';

interface Box {
  readonly top: number;
  readonly bottom: number;
}

async function boxes(first: Locator, second: Locator): Promise<[Box, Box]> {
  const other = await second.elementHandle();
  if (!other) throw new Error(`${second.toString()} is not in the page`);
  return first.evaluate((one, two) => {
    // The test project has no DOM types: the one method used here, typed by hand.
    const box = (element: unknown): Box => {
      const { top, bottom } = (element as { getBoundingClientRect(): Box }).getBoundingClientRect();
      return { top, bottom };
    };
    return [box(one), box(two)] as [Box, Box];
  }, other);
}

/** Pixels between the bottom of `upper` and the top of `lower` (negative when they overlap). */
export async function verticalGap(upper: Locator, lower: Locator): Promise<number> {
  const [above, below] = await boxes(upper, lower);
  return below.top - above.bottom;
}

/** Pixels between the vertical centres of two elements on one row. */
export async function centreOffset(first: Locator, second: Locator): Promise<number> {
  const [a, b] = await boxes(first, second);
  return Math.abs((a.top + a.bottom) / 2 - (b.top + b.bottom) / 2);
}
