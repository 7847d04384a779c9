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

/**
 * What the hover says when a text does not fit: the facts as they are, also when the cap was
 * lowered below what today already used (not "392 of 200").
 */
export function hoverPausedMessage(facts: { used: number; needed: number; limit: number }): {
  template: string;
  args: number[];
} {
  const { used, needed, limit } = facts;
  if (limit <= 0) return { template: 'Hover translation is off: circassian.hover.dailyCharacterLimit is 0.', args: [] };
  if (used > limit)
    return {
      template:
        'Hover translation is paused for today: {0} characters were used, more than the daily cap of {1} (setting circassian.hover.dailyCharacterLimit). Translate Selection still works.',
      args: [used, limit],
    };
  if (used === limit)
    return {
      template:
        'Hover translation is paused for today: all {0} characters of the daily cap are used (setting circassian.hover.dailyCharacterLimit). Translate Selection still works.',
      args: [limit],
    };
  return {
    template:
      'Hover translation is paused for today: this text needs {0} characters and {1} of the daily {2} are left (setting circassian.hover.dailyCharacterLimit). Translate Selection still works.',
    args: [needed, limit - used, limit],
  };
}
