import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { buildEvent, type EventData, type EventType, type NotificationChoiceKind } from '@vnmarket/proto';
import { createLogger } from '@vnmarket/shared';
import { registered, startStack, verifiedPhone, type RegisteredUser, type Stack, eventually } from '@vnmarket/testkit';
import { digestText } from '../src/notifications/digest-texts';
import { bayAreaDayAndHour, SmsDigestJob } from '../src/notifications/sms-digest-job';

// The digest end to end: messaging's job, its digest.ready through the outbox, verification texting it
// to the local SMS outbox file (auth publishes the members and their verified phones to both).
let stack: Stack<'auth' | 'messaging' | 'verification'>;
let site: string;

beforeAll(async () => {
  stack = await startStack('sms-digest', {
    only: ['auth', 'messaging', 'verification'],
    // The test runs the passes itself, at the times it names.
    overrides: { messaging: { SMS_DIGEST_CHECK_INTERVAL_MS: '0', SMS_DIGEST_HOUR: '18' } },
  });
  site = `${stack.messaging.config.PUBLIC_ORIGINS[0]}/`;
});
afterAll(() => stack.stop());

interface SentSms {
  to: string;
  body: string;
}

async function textsTo(phone: string): Promise<string[]> {
  const text = await readFile(stack.verification.config.SMS_OUTBOX, 'utf8').catch((error: NodeJS.ErrnoException) =>
    error.code === 'ENOENT' ? '' : Promise.reject(error),
  );
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as SentSms)
    .filter((sms) => sms.to === phone)
    .map((sms) => sms.body);
}

/** A member both messaging and verification know, with their phone verified unless told otherwise. */
async function member(options: { language?: 'en' | 'vi'; verified?: boolean } = {}): Promise<RegisteredUser> {
  const who = await registered(stack, options.language ? { preferredLanguage: options.language } : {});
  await eventually(async () => expect(await stack.messaging.infrastructure.db('users').where({ id: who.user.id })).toHaveLength(1));
  if (options.verified !== false) await verifiedPhone(stack.auth, who);
  await eventually(async () =>
    expect(await stack.verification.infrastructure.db('contacts').where({ user_id: who.user.id }).first()).toMatchObject({
      phone: who.user.phone,
      phone_verified: options.verified !== false,
    }),
  );
  return who;
}

async function chooseDigest(who: RegisteredUser, kind: NotificationChoiceKind, smsDigest: boolean): Promise<void> {
  const response = await who.client.request('PUT', '/api/notifications/preferences', { json: { [kind]: { smsDigest } } });
  expect(response.status).toBe(200);
  expect(response.body[kind].smsDigest).toBe(smsDigest);
}

function publish<T extends EventType>(type: T, data: EventData<T>, id: string = randomUUID()) {
  return stack.auth.infrastructure.bus.publish(buildEvent(type, data, id, new Date()));
}

function savedSearchMatch(who: RegisteredUser, listingTitle: string) {
  return publish('saved_search.matched', {
    userId: who.user.id,
    savedSearchId: randomUUID(),
    savedSearchName: 'San Jose',
    listingId: randomUUID(),
    listingTitle,
    listingPrice: '900.00',
    listingImage: null,
  });
}

async function notificationCount(who: RegisteredUser, count: number): Promise<void> {
  await eventually(async () => expect(await stack.messaging.infrastructure.db('notifications').where({ user_id: who.user.id })).toHaveLength(count));
}

/** Two saved-search matches and a review, stored as the member's unread notifications. */
async function threeNotifications(who: RegisteredUser): Promise<void> {
  await savedSearchMatch(who, 'Phòng ở Berryessa');
  await savedSearchMatch(who, 'Xe Honda Civic');
  await publish('review.created', { sellerId: who.user.id, reviewerId: randomUUID(), reviewerName: 'Minh', rating: 5, reviewId: randomUUID() });
  await notificationCount(who, 3);
}

/** The first instant after now at the given Bay Area hour (whole hours ahead, so any zone and DST works). */
function nextBayAreaHour(hour: number, after = new Date()): Date {
  for (let ahead = 1; ahead <= 48; ahead += 1) {
    const at = new Date(after.getTime() + ahead * 3_600_000);
    if (bayAreaDayAndHour(at).hour === hour) return at;
  }
  throw new Error(`no ${hour}:00 in the next two days`);
}

/** Waits until verification has taken every digest.ready published so far off its queue. */
async function digestsHandled(count: number): Promise<void> {
  await eventually(async () =>
    expect(await stack.verification.infrastructure.db('processed_events').where({ event_type: 'digest.ready' })).toHaveLength(count),
  );
}

describe('the daily SMS digest', () => {
  let vietnamese: RegisteredUser;
  let sendTime: Date;

  it('texts each member who chose it one count of their unread notifications in their language, once a day', async () => {
    vietnamese = await member({ language: 'vi' });
    const english = await member({ language: 'en' });
    const notChosen = await member({ language: 'vi' });
    const unverified = await member({ language: 'vi', verified: false });
    for (const who of [vietnamese, english, unverified]) await chooseDigest(who, 'saved_search_match', true);
    // The review stays out of the digest: only the kinds chosen are counted.
    for (const who of [vietnamese, english, notChosen, unverified]) await threeNotifications(who);

    // At night in the Bay Area nothing goes out.
    expect(await stack.messaging.service.smsDigest.runOnce(nextBayAreaHour(2))).toMatchObject({ skipped: 'outside_hours', sent: 0 });

    sendTime = nextBayAreaHour(18);
    expect(await stack.messaging.service.smsDigest.runOnce(sendTime)).toEqual({ date: bayAreaDayAndHour(sendTime).date, sent: 3 });
    await digestsHandled(3);
    await eventually(async () => expect(await textsTo(vietnamese.user.phone)).toEqual([`Chợ Việt: 2 thông báo mới (2 tin hợp tìm kiếm). Xem: ${site}`]));
    expect(await textsTo(english.user.phone)).toEqual([`Chợ Việt: 2 new notifications (2 saved search matches). See: ${site}`]);
    expect(await textsTo(notChosen.user.phone)).toEqual([]);
    // Its digest was written, but an unverified number may not be the member's: verification sends nothing.
    expect(await textsTo(unverified.user.phone)).toEqual([]);

    // Later the same day, with something new (dated after the pass, as the test's clock runs ahead): still only the one digest.
    await savedSearchMatch(vietnamese, 'Tủ lạnh Samsung');
    await notificationCount(vietnamese, 4);
    await stack.messaging.infrastructure
      .db('notifications')
      .where({ user_id: vietnamese.user.id, is_read: false })
      .whereRaw("data->>'listingTitle' = ?", ['Tủ lạnh Samsung'])
      .update({ created_at: new Date(sendTime.getTime() + 1_800_000) });
    expect(await stack.messaging.service.smsDigest.runOnce(new Date(sendTime.getTime() + 3_600_000))).toMatchObject({ sent: 0 });
    expect(await textsTo(vietnamese.user.phone)).toHaveLength(1);
  });

  it('texts nothing twice for one day, even when digest.ready comes again', async () => {
    const date = bayAreaDayAndHour(sendTime).date;
    await publish('digest.ready', { userId: vietnamese.user.id, date, text: 'Chợ Việt: 9 thông báo mới (9 đánh giá). Xem: https://example.org/' });
    await digestsHandled(4);
    expect(await textsTo(vietnamese.user.phone)).toEqual([`Chợ Việt: 2 thông báo mới (2 tin hợp tìm kiếm). Xem: ${site}`]);
  });

  it('sends one digest each when two replicas run the next day at once, counting only what came since the last', async () => {
    const newcomer = await member({ language: 'vi' });
    await chooseDigest(newcomer, 'saved_search_match', true);
    await chooseDigest(newcomer, 'review_received', true);
    await threeNotifications(newcomer);
    const otherReplica = new SmsDigestJob({
      db: stack.messaging.infrastructure.db,
      outbox: stack.messaging.service.outbox,
      logger: createLogger('messaging', 'silent'),
      clock: () => new Date(),
      intervalMs: 0,
      sendHour: 18,
      siteUrl: site,
    });
    const nextDay = new Date(sendTime.getTime() + 24 * 3_600_000);
    const passes = await Promise.all([stack.messaging.service.smsDigest.runOnce(nextDay), otherReplica.runOnce(nextDay)]);
    // The newcomer, and the Vietnamese member for the one match after yesterday's digest; nobody twice.
    expect(passes.reduce((sum, pass) => sum + pass.sent, 0)).toBe(2);
    await digestsHandled(6);
    await eventually(async () =>
      expect(await textsTo(newcomer.user.phone)).toEqual([`Chợ Việt: 3 thông báo mới (2 tin hợp tìm kiếm, 1 đánh giá). Xem: ${site}`]),
    );
    expect(await textsTo(vietnamese.user.phone)).toEqual([
      `Chợ Việt: 2 thông báo mới (2 tin hợp tìm kiếm). Xem: ${site}`,
      `Chợ Việt: 1 thông báo mới (1 tin hợp tìm kiếm). Xem: ${site}`,
    ]);
  });
});

describe('the digest text', () => {
  it('counts each kind, most first, in English or Vietnamese', () => {
    const counts = { review_received: 1, saved_search_match: 2, message: 1 };
    expect(digestText(counts, 'vi', 'https://chovietbayarea.com/')).toBe(
      'Chợ Việt: 4 thông báo mới (2 tin hợp tìm kiếm, 1 tin nhắn, 1 đánh giá). Xem: https://chovietbayarea.com/',
    );
    expect(digestText({ listing_expiring: 1 }, null, 'https://chovietbayarea.com/')).toBe(
      'Chợ Việt: 1 new notification (1 listing expiring). See: https://chovietbayarea.com/',
    );
  });

  it('takes the day and hour in the Bay Area, across daylight saving', () => {
    expect(bayAreaDayAndHour(new Date('2026-07-01T01:30:00Z'))).toEqual({ date: '2026-06-30', hour: 18 });
    expect(bayAreaDayAndHour(new Date('2026-12-01T02:30:00Z'))).toEqual({ date: '2026-11-30', hour: 18 });
  });
});
