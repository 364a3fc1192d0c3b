import { GroupCommit, type GroupCommitOptions, type Knex } from '@vnmarket/shared';
import { storeMessages, type MessageToStore, type StoreOutcome } from './messages';

export interface MessageWriterOptions extends GroupCommitOptions {
  db: Knex;
}

/**
 * Sends stored by group commit (see GroupCommit): concurrent sends share one statement and one commit,
 * each answered after its own commit.
 */
export class MessageWriter {
  private readonly commits: GroupCommit<MessageToStore, StoreOutcome>;

  constructor({ db, ...options }: MessageWriterOptions) {
    this.commits = new GroupCommit(async (items) => {
      const outcomes = await storeMessages(db, items);
      return items.map((item) => outcomes.get(item.message.id) ?? 'no_recipient');
    }, options);
  }

  /** Stores one message and its outbox row; nothing is stored when the receiver is unknown or either has blocked the other. */
  store(item: MessageToStore): Promise<StoreOutcome> {
    return this.commits.submit(item);
  }
}
