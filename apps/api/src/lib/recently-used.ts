/**
 * A map that keeps at most `limit` entries, dropping the one used least recently: the drawn public pages
 * (rendered-pages.ts) and the certificates' PDFs (insurances/certificate.ts). A Map iterates in insertion
 * order, so an entry read is moved to the end and the first is the one to drop.
 */
export class RecentlyUsed<K, V> {
  readonly #entries = new Map<K, V>();
  readonly #limit: number;

  constructor(limit: number) {
    this.#limit = limit;
  }

  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value === undefined) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.#limit) this.#entries.delete(this.#entries.keys().next().value as K);
  }
}
