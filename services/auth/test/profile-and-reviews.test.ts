import { randomUUID } from 'node:crypto';
import { publicUserSchema } from '@vnmarket/proto';
import { conversed, mayReview, registered, startAuth, type RunningAuth } from '@vnmarket/testkit';

let auth: RunningAuth;
beforeAll(async () => {
  auth = await startAuth('profile-reviews');
});
afterAll(() => auth.stop());

describe('GET /api/users/{userId}', () => {
  it('shows anyone the public profile: no email, phone or verification state', async () => {
    const { client, user } = await registered(auth, { email: `public-${randomUUID().slice(0, 8)}@example.com` });
    await client.patch('/api/users/profile', { bio: 'Bán bánh mì ở San Jose', location: 'San Jose, CA', website: 'https://banhmi.example.com' });
    const visitor = auth.client();
    const response = await visitor.get(`/api/users/${user.id.toUpperCase()}`);
    expect(response.status).toBe(200);
    expect(publicUserSchema.strict().parse(response.body)).toEqual({
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      profileImageUrl: null,
      bio: 'Bán bánh mì ở San Jose',
      location: 'San Jose, CA',
      website: 'https://banhmi.example.com',
      isVerified: false,
      averageRating: 0.0,
      reviewCount: 0,
      createdAt: user.createdAt,
    });
    expect(response.text).not.toContain(user.phone);
    expect(response.text).not.toContain('@example.com');
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [randomUUID(), 'nobody']) {
      const response = await auth.client().get(`/api/users/${id}`);
      expect(response.status).toBe(404);
      expect(response.body.message).toBe('User not found');
    }
  });
});

describe('PATCH /api/users/profile', () => {
  it('updates the profile fields and keeps the rest', async () => {
    const { client, user } = await registered(auth);
    const changes = {
      firstName: 'Thảo',
      lastName: 'Trần',
      bio: 'Home cook in San Jose',
      location: 'San Jose, CA',
      website: 'https://thao.example.com',
      profileImageUrl: `/objects/images/${user.id}/${randomUUID()}.webp`,
    };
    const response = await client.patch('/api/users/profile', changes);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject(changes);
    expect((await client.get('/api/auth/user')).body).toMatchObject(changes);
    const cleared = await client.patch('/api/users/profile', { bio: '', website: '' });
    expect(cleared.body).toMatchObject({ bio: null, website: null, firstName: 'Thảo', location: 'San Jose, CA' });
  });

  it('changing the phone to one verified elsewhere is refused, and a new number is unverified', async () => {
    const other = await registered(auth);
    await auth.infrastructure.db('users').where({ id: other.user.id }).update({ phone_verified: true });
    const { client, user } = await registered(auth);
    await auth.infrastructure.db('users').where({ id: user.id }).update({ phone_verified: true, is_verified: true });
    expect((await client.get('/api/auth/user')).body.phoneVerified).toBe(true);

    const taken = await client.patch('/api/users/profile', { phone: other.phone });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('An account with this phone number already exists');

    const unchanged = await client.patch('/api/users/profile', { phone: user.phone, bio: 'same number' });
    expect(unchanged.body.phoneVerified).toBe(true);

    const changed = await client.patch('/api/users/profile', { phone: '(650) 555-0199' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ phone: '+16505550199', phoneVerified: false, isVerified: false });
  });

  it('rejects bad input with 400 and changes nothing', async () => {
    const { client } = await registered(auth);
    for (const body of [
      { website: 'javascript:alert(1)' },
      { profileImageUrl: 'https://evil.example/x.png' },
      { firstName: '' },
      { location: 'x'.repeat(256) },
      { phone: '12' },
    ]) {
      const response = await client.patch('/api/users/profile', body);
      expect(response.status).toBe(400);
      expect(typeof response.body.message).toBe('string');
    }
    expect((await client.get('/api/auth/user')).body).toMatchObject({ firstName: 'Lan', website: null, profileImageUrl: null, location: null });
  });

  it('stores preferredLanguage and returns it from GET /api/auth/user; null until chosen', async () => {
    const { client, user } = await registered(auth);
    expect(user.preferredLanguage).toBeNull();
    expect((await client.get('/api/auth/user')).body.preferredLanguage).toBeNull();

    const vietnamese = await client.patch('/api/users/profile', { preferredLanguage: 'vi' });
    expect(vietnamese.status).toBe(200);
    expect(vietnamese.body).toMatchObject({ preferredLanguage: 'vi', firstName: 'Lan' });
    expect((await client.get('/api/auth/user')).body.preferredLanguage).toBe('vi');
    expect(await auth.infrastructure.db('users').where({ id: user.id }).first()).toMatchObject({ preferred_language: 'vi' });

    // Another edit keeps it; choosing English again stores English.
    expect((await client.patch('/api/users/profile', { bio: 'Xin chào' })).body.preferredLanguage).toBe('vi');
    expect((await client.patch('/api/users/profile', { preferredLanguage: 'en' })).body.preferredLanguage).toBe('en');
    expect((await client.get('/api/auth/user')).body.preferredLanguage).toBe('en');
  });

  it('refuses any other preferredLanguage with a clear 400 and changes nothing', async () => {
    const { client, user } = await registered(auth);
    await client.patch('/api/users/profile', { preferredLanguage: 'vi' });
    const before = await auth.infrastructure.db('users').where({ id: user.id }).first();
    for (const preferredLanguage of ['fr', 'VI', 'vi-VN', '', null, 1, ['vi']]) {
      // With a valid field beside it: the whole edit is refused, not just the language.
      const response = await client.patch('/api/users/profile', { bio: 'changed', preferredLanguage });
      expect({ value: preferredLanguage, status: response.status, body: response.body }).toEqual({
        value: preferredLanguage,
        status: 400,
        body: {
          message: 'Preferred language must be "en" or "vi"',
          code: 'invalid_request',
          errors: { preferredLanguage: ['Preferred language must be "en" or "vi"'] },
        },
      });
    }
    expect(await auth.infrastructure.db('users').where({ id: user.id }).first()).toEqual(before);
    expect((await client.get('/api/auth/user')).body).toMatchObject({ preferredLanguage: 'vi', bio: null });
  });

  it('the database holds only known languages, whatever writes it', async () => {
    const { user } = await registered(auth);
    await expect(auth.infrastructure.db('users').where({ id: user.id }).update({ preferred_language: 'fr' })).rejects.toThrow(/users_preferred_language_check/);
  });

  it('never lets the client set verification or rating fields', async () => {
    const { client } = await registered(auth);
    const response = await client.patch('/api/users/profile', { phoneVerified: true, isVerified: true, averageRating: 5.0, reviewCount: 99, bio: 'ok' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ phoneVerified: false, isVerified: false, averageRating: 0.0, reviewCount: 0 });
  });

  it('needs a session', async () => {
    const response = await auth.client().patch('/api/users/profile', { bio: 'x' });
    expect(response.status).toBe(401);
    expect(response.body.message).toContain('Unauthorized');
  });
});

describe('reviews', () => {
  it('records a review, embeds the reviewer, and keeps averageRating and reviewCount right', async () => {
    const seller = await registered(auth);
    const reviewers = await Promise.all([1, 2, 3].map(() => registered(auth)));
    for (const reviewer of reviewers) await mayReview(auth, reviewer, seller);
    const ratings = [5, 4, 4];
    const responses = await Promise.all(
      reviewers.map((reviewer, index) => reviewer.client.post(`/api/users/${seller.user.id}/reviews`, { rating: ratings[index], comment: 'Phở rất ngon' })),
    );
    for (const response of responses) expect(response.status).toBe(201);
    expect(responses[0]!.body.reviewer).toEqual({ id: reviewers[0]!.user.id, firstName: 'Lan', lastName: 'Nguyễn', profileImageUrl: null });

    const sellerNow = await seller.client.get('/api/auth/user');
    expect(sellerNow.body.reviewCount).toBe(3);
    expect(sellerNow.body.averageRating).toBe(4.3);

    const list = await auth.client().get(`/api/users/${seller.user.id}/reviews`);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(3);
    expect(list.body.map((review: { rating: number }) => review.rating).sort()).toEqual([4, 4, 5]);
    expect(list.body[0].reviewer.firstName).toBe('Lan');
  });

  it('allows one review per reviewer per seller, even when sent twice at once', async () => {
    const seller = await registered(auth);
    const reviewer = await registered(auth);
    await mayReview(auth, reviewer, seller);
    const [a, b] = await Promise.all([
      reviewer.client.post(`/api/users/${seller.user.id}/reviews`, { rating: 5 }),
      reviewer.client.post(`/api/users/${seller.user.id}/reviews`, { rating: 1 }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const conflict = a.status === 409 ? a : b;
    expect(conflict.body.message).toBe('You have already reviewed this seller');
    expect((await seller.client.get('/api/auth/user')).body.reviewCount).toBe(1);
  });

  it('refuses reviewing yourself, ratings outside 1-5, unknown sellers and visitors', async () => {
    const me = await registered(auth);
    const self = await me.client.post(`/api/users/${me.user.id}/reviews`, { rating: 5 });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('You cannot review yourself');

    const seller = await registered(auth);
    await conversed(auth, me, seller);
    for (const rating of [0, 6, 3.5, '5', null]) {
      const response = await me.client.post(`/api/users/${seller.user.id}/reviews`, { rating });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('Rating must be a whole number from 1 to 5');
    }
    expect((await me.client.post(`/api/users/${randomUUID()}/reviews`, { rating: 4 })).status).toBe(404);
    expect((await me.client.post('/api/users/not-a-uuid/reviews', { rating: 4 })).status).toBe(404);
    expect((await auth.client().post(`/api/users/${seller.user.id}/reviews`, { rating: 4 })).status).toBe(401);
    expect((await auth.client().get('/api/users/not-a-uuid/reviews')).status).toBe(404);
    expect((await auth.client().get(`/api/users/${randomUUID()}/reviews`)).status).toBe(404);
    expect((await seller.client.get('/api/auth/user')).body).toMatchObject({ reviewCount: 0, averageRating: 0.0 });
  });
});

// Who may review (a conversation in which both wrote, a verified phone, the seller's own listing): earned-reviews.test.ts.

describe('DELETE /api/users/profile', () => {
  it('needs the password, then deletes the account, its sessions and its reviews (re-rating sellers)', async () => {
    const seller = await registered(auth);
    const leaving = await registered(auth);
    const staying = await registered(auth);
    await mayReview(auth, leaving, seller);
    await mayReview(auth, staying, seller);
    await leaving.client.post(`/api/users/${seller.user.id}/reviews`, { rating: 1 });
    await staying.client.post(`/api/users/${seller.user.id}/reviews`, { rating: 5 });
    expect((await seller.client.get('/api/auth/user')).body.averageRating).toBe(3.0);

    const wrong = await leaving.client.request('DELETE', '/api/users/profile', { json: { password: 'nope' } });
    expect(wrong.status).toBe(403);
    expect((await leaving.client.get('/api/auth/user')).status).toBe(200);

    const stolen = leaving.client.cookieHeader();
    const gone = await leaving.client.request('DELETE', '/api/users/profile', { json: { password: leaving.password } });
    expect(gone.status).toBe(200);
    expect((await auth.client().get('/api/auth/user', { cookie: stolen })).status).toBe(401);
    expect((await auth.client().post('/api/login', { identifier: leaving.phone, password: leaving.password })).status).toBe(401);
    expect((await seller.client.get('/api/auth/user')).body).toMatchObject({ averageRating: 5.0, reviewCount: 1 });
  });
});
