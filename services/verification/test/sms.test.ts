import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { registered, startStack, type Stack, eventually } from '@vnmarket/testkit';
import { FileSmsSender, SmsDeliveryError, TwilioSmsSender } from '../src/sms';

/**
 * A local stand-in for Twilio's Messages API: POST /2010-04-01/Accounts/{sid}/Messages.json with a form
 * body (To, From or MessagingServiceSid, Body) and basic auth; answers like Twilio does.
 */
interface ReceivedMessage {
  accountSid: string;
  authorization: string | undefined;
  contentType: string | undefined;
  form: Record<string, string>;
}

class FakeTwilio {
  readonly received: ReceivedMessage[] = [];
  /** When set, the next request gets this Twilio-style error. */
  failNext?: { status: number; code: number; message: string };
  private server = http.createServer((req, res) => this.handle(req, res));
  url = '';

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
  }

  stop() {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const match = req.method === 'POST' ? req.url?.match(/^\/2010-04-01\/Accounts\/(AC\w+)\/Messages\.json$/) : null;
      if (!match) return reply(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      this.received.push({ accountSid: match[1]!, authorization: req.headers.authorization, contentType: req.headers['content-type'], form });
      if (this.failNext) {
        const { status, code, message } = this.failNext;
        this.failNext = undefined;
        return reply(status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });
      }
      const now = new Date().toUTCString();
      reply(201, {
        sid: `SM${randomBytes(16).toString('hex')}`,
        account_sid: match[1],
        to: form.To,
        from: form.From ?? null,
        messaging_service_sid: form.MessagingServiceSid ?? null,
        body: form.Body,
        status: form.MessagingServiceSid ? 'accepted' : 'queued',
        num_segments: '1',
        direction: 'outbound-api',
        api_version: '2010-04-01',
        date_created: now,
        date_updated: now,
        date_sent: null,
        price: null,
        error_code: null,
        error_message: null,
        uri: `/2010-04-01/Accounts/${match[1]}/Messages.json`,
      });
    });
  }
}

// Starting services on a busy machine takes longer than jest's default 5 s.
jest.setTimeout(30_000);

const ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
const AUTH_TOKEN = 'test-auth-token-0000';
const basicAuth = `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`;

let twilio: FakeTwilio;
beforeAll(async () => {
  twilio = new FakeTwilio();
  await twilio.start();
});
afterAll(() => twilio.stop());

describe('the twilio provider', () => {
  it('posts To, From and Body with basic auth to the Messages API', async () => {
    const sender = new TwilioSmsSender({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from: '+14085550100', apiBaseUrl: twilio.url });
    await sender.send('+14085550123', 'Chợ Việt: your verification code is 012345. It expires in 10 minutes.');
    expect(twilio.received.at(-1)).toEqual({
      accountSid: ACCOUNT_SID,
      authorization: basicAuth,
      contentType: 'application/x-www-form-urlencoded',
      form: { To: '+14085550123', From: '+14085550100', Body: 'Chợ Việt: your verification code is 012345. It expires in 10 minutes.' },
    });
  });

  it('sends through a messaging service when one is configured', async () => {
    const sender = new TwilioSmsSender({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, messagingServiceSid: 'MG0123', apiBaseUrl: twilio.url });
    await sender.send('+14085550124', 'hello');
    expect(twilio.received.at(-1)!.form).toEqual({ To: '+14085550124', MessagingServiceSid: 'MG0123', Body: 'hello' });
  });

  it("rejects with Twilio's status and error code when the message is refused", async () => {
    const sender = new TwilioSmsSender({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from: '+14085550100', apiBaseUrl: twilio.url });
    twilio.failNext = { status: 400, code: 21211, message: "The 'To' number +1408 is not a valid phone number." };
    const error = await sender.send('+1408', 'hello').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SmsDeliveryError);
    expect(error).toMatchObject({ details: { status: 400, code: 21211 } });
    expect((error as Error).message).toContain('not a valid phone number');
  });

  it('rejects when Twilio cannot be reached', async () => {
    const sender = new TwilioSmsSender({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from: '+14085550100', apiBaseUrl: 'http://127.0.0.1:1' });
    await expect(sender.send('+14085550123', 'hello')).rejects.toBeInstanceOf(SmsDeliveryError);
  });
});

describe('the file provider', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'vnm-sms-file-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('appends one JSON line {to, body, sentAt} per SMS, creating the folder, readable only by its owner', async () => {
    const file = path.join(folder, 'nested', 'var', 'sms-outbox.jsonl');
    const sender = new FileSmsSender(file, () => new Date('2026-11-22T10:00:00.000Z'));
    await Promise.all(Array.from({ length: 20 }, (_, i) => sender.send(`+1408555${String(i).padStart(4, '0')}`, `code ${i}`)));
    const lines = (await readFile(file, 'utf8')).split('\n');
    expect(lines.pop()).toBe('');
    expect(lines.map((line) => JSON.parse(line)).sort((a, b) => a.to.localeCompare(b.to))).toEqual(
      Array.from({ length: 20 }, (_, i) => ({ to: `+1408555${String(i).padStart(4, '0')}`, body: `code ${i}`, sentAt: '2026-11-22T10:00:00.000Z' })),
    );
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('resolves a relative path against the working directory', () => {
    expect(new FileSmsSender('var/sms-outbox.jsonl').path).toBe(path.join(process.cwd(), 'var/sms-outbox.jsonl'));
  });
});

describe('the service with SMS_PROVIDER=twilio, through the gateway', () => {
  let stack: Stack<'auth' | 'verification'>;
  beforeAll(async () => {
    stack = await startStack('verification-twilio', {
      only: ['auth', 'verification'],
      overrides: {
        verification: {
          SMS_PROVIDER: 'twilio',
          TWILIO_ACCOUNT_SID: ACCOUNT_SID,
          TWILIO_AUTH_TOKEN: AUTH_TOKEN,
          TWILIO_FROM_NUMBER: '+14085550100',
          TWILIO_API_BASE_URL: twilio.url,
        },
      },
    });
  });
  afterAll(() => stack.stop());

  it('texts the code through Twilio, and the code verifies the phone', async () => {
    const user = await registered(stack);
    const sent = await user.client.post('/api/phone/send-verification');
    expect(sent.status).toBe(200);
    const message = twilio.received.filter((entry) => entry.form.To === user.user.phone).at(-1)!;
    expect(message).toMatchObject({ authorization: basicAuth, form: { From: '+14085550100' } });
    const code = message.form.Body!.match(/code is (\d{6})\./)![1];
    expect((await user.client.post('/api/phone/verify-code', { code })).status).toBe(200);
    await eventually(async () => expect((await user.client.get('/api/auth/user')).body.phoneVerified).toBe(true));
  });

  it('answers 503 when Twilio refuses, and that code cannot be used', async () => {
    const user = await registered(stack);
    twilio.failNext = { status: 400, code: 21614, message: "'To' number is not a valid mobile number" };
    const sent = await user.client.post('/api/phone/send-verification');
    expect(sent.status).toBe(503);
    expect(sent.body.message).toBe('We could not send the verification code. Please try again later.');
    const code = twilio.received
      .filter((entry) => entry.form.To === user.user.phone)
      .at(-1)!
      .form.Body!.match(/code is (\d{6})\./)![1];
    const verify = await user.client.post('/api/phone/verify-code', { code });
    expect(verify.status).toBe(400);
    expect(verify.body.message).toBe('No verification code has been sent. Please request a new code.');
  });
});
