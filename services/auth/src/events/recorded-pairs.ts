/**
 * The conversation pairs this replica has recorded (a bounded set, oldest forgotten first). Every message
 * of a conversation sends auth a `message.created`, but only its first one changes anything: the pair is
 * kept for good (a user's pairs go only with the account, whose messages then stop). A pair known here
 * is acknowledged without a transaction, so a busy chat costs auth and PostgreSQL nothing per message.
 */
export class RecordedPairs {
  private readonly pairs = new Set<string>();

  constructor(private readonly maxPairs = 100_000) {}

  static key(one: string, other: string): string {
    return one < other ? `${one}:${other}` : `${other}:${one}`;
  }

  has(one: string, other: string): boolean {
    return this.pairs.has(RecordedPairs.key(one, other));
  }

  add(one: string, other: string): void {
    const key = RecordedPairs.key(one, other);
    this.pairs.delete(key);
    this.pairs.add(key);
    // A Set iterates in insertion order: the first is the least recently recorded.
    if (this.pairs.size > this.maxPairs) this.pairs.delete(this.pairs.values().next().value!);
  }

  get size(): number {
    return this.pairs.size;
  }
}
