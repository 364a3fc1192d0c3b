import { GroupCommit, type GroupCommitOptions, type Knex } from '@vnmarket/shared';
import { storeMessages, type MessageToStore } from './messages';

export interface MessageWriterOptions extends GroupCommitOptions {
  db: Knex;
}

/**
 * Sends stored by group commit (see GroupCommit): concurrent sends share one statement and one commit,
 * each answered after its own commit.
 */
export class MessageWriter {
  private readonly commits: GroupCommit<MessageToStore, boolean>;

  constructor({ db, ...options }: MessageWriterOptions) {
    this.commits = new GroupCommit(async (items) => {
      const stored = await storeMessages(db, items);
      return items.map((item) => stored.has(item.message.id));
    }, options);
  }

  /** Stores one message and its outbox row; false when the receiver is unknown (nothing is stored). */
  store(item: MessageToStore): Promise<boolean> {
    return this.commits.submit(item);
  }
}
