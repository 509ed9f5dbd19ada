/**
 * A map that keeps at most `limit` entries, dropping the one used least recently: the drawn public pages
 * (rendered-pages.ts) and the certificates' PDFs (insurances/certificate.ts). A Map iterates in insertion
 * order, so an entry read is moved to the end and the first is the one to drop.
 */
export class RecentlyUsed<K, V> {
  readonly #entries = new Map<K, V>();
  readonly #limit: number;
  readonly #sizeOf: (value: V) => number;
  #size = 0;

  /** `limit` counts entries, or what `sizeOf` says each weighs (a stored file's bytes). */
  constructor(limit: number, sizeOf: (value: V) => number = () => 1) {
    this.#limit = limit;
    this.#sizeOf = sizeOf;
  }

  has(key: K): boolean {
    return this.#entries.has(key);
  }

  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value === undefined) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    const old = this.#entries.get(key);
    if (old !== undefined) this.#size -= this.#sizeOf(old);
    this.#entries.delete(key);
    this.#entries.set(key, value);
    this.#size += this.#sizeOf(value);
    for (const [oldest, kept] of this.#entries) {
      if (this.#size <= this.#limit) break;
      this.#entries.delete(oldest);
      this.#size -= this.#sizeOf(kept);
    }
  }
}
