// A keyed set with O(1) add, remove and uniform random pick (swap-remove keeps the array dense).
import type { Rng } from '../lib/prng.ts';

export class RandomPool<T> {
  private readonly items: T[] = [];
  private readonly positions = new Map<string, number>();

  constructor(private readonly keyOf: (item: T) => string) {}

  get size(): number {
    return this.items.length;
  }

  has(key: string): boolean {
    return this.positions.has(key);
  }

  add(item: T): void {
    const key = this.keyOf(item);
    if (this.positions.has(key)) return;
    this.positions.set(key, this.items.length);
    this.items.push(item);
  }

  remove(item: T): void {
    const key = this.keyOf(item);
    const at = this.positions.get(key);
    if (at === undefined) return;
    const last = this.items.pop()!;
    this.positions.delete(key);
    if (at < this.items.length) {
      this.items[at] = last;
      this.positions.set(this.keyOf(last), at);
    }
  }

  pick(rng: Rng): T | undefined {
    return this.items.length === 0 ? undefined : rng.pick(this.items);
  }
}
