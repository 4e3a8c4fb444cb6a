/**
 * Work the main thread shares with worker threads (the content files to parse, the pages to
 * render): the main thread takes items one at a time from the front, the workers batches from the
 * back, so whoever is faster does more and no thread waits while another still has work.
 */
export interface WorkQueue<T> {
  takeFront(): T | undefined;
  takeBack(count: number): readonly T[];
  /** Items not taken yet. */
  readonly left: number;
  /** Leaves nothing to take (a failed build: the workers stop after the batch they have). */
  clear(): void;
}

export function createWorkQueue<T>(items: readonly T[]): WorkQueue<T> {
  let front = 0;
  let back = items.length;
  return {
    takeFront: () => (front < back ? items[front++] : undefined),
    takeBack(count) {
      const from = Math.max(front, back - count);
      const taken = items.slice(from, back);
      back = from;
      return taken;
    },
    get left() {
      return back - front;
    },
    clear() {
      front = back;
    },
  };
}

/**
 * A worker's next batch: `most` items while there is plenty, fewer towards the end, so the last
 * batches are small and the threads finish together rather than one waiting on another's last
 * large batch.
 */
export function toBatchSize(left: number, threads: number, most: number): number {
  return Math.max(1, Math.min(most, Math.floor(left / (threads * 4))));
}
