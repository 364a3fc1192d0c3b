import { serviceFor } from '../src/routes';

it.each([
  ['/api/register', 'auth'],
  ['/api/login', 'auth'],
  ['/api/logout', 'auth'],
  ['/api/auth/user', 'auth'],
  ['/api/users/profile', 'auth'],
  ['/api/users/7d6f5c1e-0000-4000-8000-000000000000/reviews', 'auth'],
  ['/api/users/7d6f5c1e-0000-4000-8000-000000000000/reviews/eligibility', 'auth'],
  ['/api/users/7d6f5c1e-0000-4000-8000-000000000000/reviews/8e7f6d2f-0000-4000-8000-000000000000/answer', 'auth'],
  ['/api/users/7d6f5c1e-0000-4000-8000-000000000000/reply-time', 'messaging'],
  ['/api/listings', 'listings'],
  ['/api/listings/7d6f5c1e-0000-4000-8000-000000000000', 'listings'],
  ['/api/listings/7d6f5c1e-0000-4000-8000-000000000000/save', 'listings'],
  ['/api/listings/7d6f5c1e-0000-4000-8000-000000000000/phone', 'listings'],
  ['/api/users/listings', 'listings'],
  ['/api/users/7d6f5c1e-0000-4000-8000-000000000000', 'auth'],
  ['/api/users/blocked', 'messaging'],
  ['/api/users/7d6f5c1e-0000-4000-8000-000000000000/block', 'messaging'],
  ['/api/saved-listings', 'listings'],
  ['/api/reports', 'listings'],
  ['/api/conversations', 'messaging'],
  ['/api/conversations/a-b/messages', 'messaging'],
  ['/api/messages', 'messaging'],
  ['/api/messages/unread-count', 'messaging'],
  ['/api/objects/upload', 'media'],
  ['/api/listing-images', 'media'],
  ['/objects/images/u/x.webp', 'media'],
  ['/api/phone/send-verification', 'verification'],
  ['/api/phone/verify-code', 'verification'],
])('routes %s to %s', (path, service) => {
  expect(serviceFor(path)).toBe(service);
});

it.each([
  '/api',
  '/api/registered',
  '/api/loginx',
  '/api/users',
  '/api/users/abc/reviews/extra',
  '/api/users/abc/reviews/x/answer/more',
  '/api/users/abc/reply-time/x',
  '/api/phones',
  '/login',
  '/',
])('does not route %s', (path) => {
  expect(serviceFor(path)).toBeUndefined();
});
