/**
 * Times of the events in the last `spanMs`, oldest first. Expired entries are skipped with a head
 * index and compacted in bulk, so a key with a very high limit costs O(1) per request, not a shift
 * of the whole list.
 */
export class SlidingWindow {
  #times: number[] = [];
  #head = 0;

  constructor(private readonly spanMs: number) {}

  /** Events within the span ending at `now`. */
  size(now: number): number {
    const oldest = now - this.spanMs;
    while (this.#head < this.#times.length && (this.#times[this.#head] ?? 0) <= oldest) this.#head++;
    if (this.#head > 1024 && this.#head * 2 > this.#times.length) {
      this.#times = this.#times.slice(this.#head);
      this.#head = 0;
    }
    return this.#times.length - this.#head;
  }

  add(now: number): void {
    this.#times.push(now);
  }
}
