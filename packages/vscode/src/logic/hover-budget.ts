// The hover's daily character budget (circassian.hover.dailyCharacterLimit): hovering is a glance
// that costs translation characters each time it meets new text, so it stops for the day at a
// cap the user sets. Days are the user's local days. Pure: the editor keeps the state.

export interface HoverSpending {
  /** The local day (YYYY-MM-DD) the count belongs to. */
  readonly day: string;
  readonly characters: number;
}

export function localDay(now: Date): string {
  const pad = (value: number): string => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Today's spending (a count from another day starts over). */
export function today(spending: HoverSpending | undefined, now: Date): HoverSpending {
  const day = localDay(now);
  return spending?.day === day ? spending : { day, characters: 0 };
}

/** Whether `characters` more fit under `limit` today. A limit of 0 or less turns hover translation off. */
export function fits(spending: HoverSpending, characters: number, limit: number): boolean {
  return limit > 0 && spending.characters + characters <= limit;
}
