/** TMX writes dates as `YYYYMMDDThhmmssZ` (TMX 1.4b, ISO 8601 basic format); the memory as `YYYY-MM-DDThh:mm:ssZ`. */

export function toTmxDate(iso: string): string {
  return iso.replace(/[-:]/gu, '');
}

/** The memory's form of a TMX date, or `undefined` when it is not one. */
export function fromTmxDate(value: string | undefined): string | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/u.exec(value ?? '');
  if (match === null) return undefined;
  const [, year, month, day, hour, minute, second] = match;
  const iso = `${year}-${month}-${day}T${hour}:${minute}:${second}Z`;
  return Number.isNaN(Date.parse(iso)) ? undefined : iso;
}
