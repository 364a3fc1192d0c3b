import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { SmsDeliveryError, type SmsSender } from './sender';

/**
 * Development provider: each SMS becomes one JSON line {"to","body","sentAt"} in a file, so a person
 * (or a test) can read the code. The file is private to the user running the service.
 */
export class FileSmsSender implements SmsSender {
  readonly name = 'file';
  readonly path: string;

  constructor(
    file: string,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.path = path.resolve(file);
  }

  async send(to: string, body: string): Promise<void> {
    const line = `${JSON.stringify({ to, body, sentAt: this.clock().toISOString() })}\n`;
    try {
      await mkdir(path.dirname(this.path), { recursive: true });
      // One write per line with O_APPEND: lines from concurrent sends (or replicas) do not interleave.
      await appendFile(this.path, line, { encoding: 'utf8', mode: 0o600 });
    } catch (error) {
      throw new SmsDeliveryError(`cannot write the SMS outbox ${this.path}`, { code: (error as NodeJS.ErrnoException).code });
    }
  }
}
