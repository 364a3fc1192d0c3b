import { randomUUID } from 'node:crypto';
import v8 from 'node:v8';
import vm from 'node:vm';
import { decodePeerPush, encodePeerPush, messageFrames } from '../src/realtime/live-push';
import { RecentIds } from '../src/realtime/recent-ids';

/** A full garbage collection, for measuring what stays reachable. */
function collectGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

function heapUsedAfterGc(): number {
  collectGarbage();
  return process.memoryUsage().heapUsed;
}

/** A peer push as another replica publishes it: a header and the frame, with a long Vietnamese message. */
function peerPush(): string {
  const message = {
    id: randomUUID(),
    conversationId: `${randomUUID()}_${randomUUID()}`,
    senderId: randomUUID(),
    receiverId: randomUUID(),
    listingId: null,
    content: 'Chào anh, căn phòng ở San José còn cho thuê không ạ? Em muốn xem nhà cuối tuần này. '.repeat(20),
    isRead: false,
    createdAt: new Date().toISOString(),
    warning: null,
  };
  return encodePeerPush(message, messageFrames(message));
}

it('forgets an id after the window, and the oldest beyond the count', () => {
  let now = 0;
  const ids = new RecentIds(1_000, 2, () => now);
  expect(ids.firstTime('a')).toBe(true);
  expect(ids.firstTime('a')).toBe(false);
  now = 500;
  expect(ids.firstTime('b')).toBe(true);
  now = 1_200; // 'a' is past the window, 'b' is not
  expect(ids.firstTime('b')).toBe(false);
  expect(ids.firstTime('a')).toBe(true);
  expect(ids.firstTime('c')).toBe(true); // over the count of 2: the oldest ('b') goes
  expect(ids.size).toBe(2);
  expect(ids.firstTime('b')).toBe(true);
});

// V8 can make a string cut out of a larger one (split, slice) point into that larger string, and keep all of
// it in memory as long as the cut is reachable. A replica remembers every peer push's id for 10 minutes:
// the id must not keep the whole push (its frame, the message's text) alive for that long.
it("remembering a peer push's id does not keep the push in memory", () => {
  const count = 2_000;
  const ids = new RecentIds(10 * 60_000, 500_000);
  const before = heapUsedAfterGc();
  for (let index = 0; index < count; index += 1) {
    const decoded = decodePeerPush(peerPush());
    expect(ids.firstTime(decoded!.messageId)).toBe(true);
  }
  const retainedPerIdBytes = (heapUsedAfterGc() - before) / count;
  expect(ids.size).toBe(count);
  // An id and its map entry are about 100 bytes; the push it came in is over 3,000 (two bytes a character).
  expect(retainedPerIdBytes).toBeLessThan(1_000);
});
