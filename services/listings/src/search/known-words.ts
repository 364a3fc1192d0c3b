import { LRUCache } from 'lru-cache';

/**
 * The words of the catalogue's vocabulary (`search_words`) that a listings replica has asked about and found.
 * The vocabulary only grows: the triggers that keep it add words and nothing removes one, not even when its last
 * listing goes. So a word found once is known for good, and a search whose every word was found before needs
 * no round trip: what the vocabulary would say is already settled (every word known, so no alternatives; see
 * findVocabulary). A word not found is not remembered: the next listing posted may bring it.
 */
export class KnownWords {
  private readonly words: LRUCache<string, true>;

  /** `maxWords`: the least recently asked go first past it (a word and its entry are about 100 bytes). */
  constructor(maxWords = 50_000) {
    this.words = new LRUCache<string, true>({ max: maxWords });
  }

  /** Whether every one of `words` was found before. */
  knowsAll(words: readonly string[]): boolean {
    return words.every((word) => this.words.get(word) === true);
  }

  /** Words the vocabulary was just seen to hold. */
  learn(words: Iterable<string>): void {
    for (const word of words) this.words.set(word, true);
  }
}
