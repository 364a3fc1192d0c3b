/**
 * The conversation directions this replica has recorded (who has written to whom; a bounded set, oldest
 * forgotten first). Every message of a conversation sends auth a `message.created`, but only the first
 * each way changes anything: a direction is kept for good (a user's pairs go only with the account, whose
 * messages then stop). A direction known here is acknowledged without a transaction, so a busy chat costs
 * auth and PostgreSQL nothing per message.
 */
export class RecordedPairs {
  private readonly directions = new Set<string>();

  constructor(private readonly maxDirections = 200_000) {}

  static key(senderId: string, receiverId: string): string {
    return `${senderId}>${receiverId}`;
  }

  /** Whether `senderId` writing to `receiverId` is recorded already. */
  has(senderId: string, receiverId: string): boolean {
    return this.directions.has(RecordedPairs.key(senderId, receiverId));
  }

  add(senderId: string, receiverId: string): void {
    const key = RecordedPairs.key(senderId, receiverId);
    this.directions.delete(key);
    this.directions.add(key);
    // A Set iterates in insertion order: the first is the least recently recorded.
    if (this.directions.size > this.maxDirections) this.directions.delete(this.directions.values().next().value!);
  }

  get size(): number {
    return this.directions.size;
  }
}
