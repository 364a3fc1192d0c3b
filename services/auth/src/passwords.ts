import argon2 from 'argon2';

export class PasswordHasher {
  private dummyHash?: Promise<string>;

  constructor(private readonly options: { memoryCost: number; timeCost: number }) {}

  hash(password: string): Promise<string> {
    return argon2.hash(password, { type: argon2.argon2id, memoryCost: this.options.memoryCost, timeCost: this.options.timeCost, parallelism: 1 });
  }

  async verify(hash: string, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }

  /** Spends the same time as a real check, so an unknown account cannot be told apart by timing. */
  async verifyAgainstNothing(password: string): Promise<false> {
    this.dummyHash ??= this.hash('not-a-real-password-just-for-timing');
    await this.verify(await this.dummyHash, password);
    return false;
  }
}
