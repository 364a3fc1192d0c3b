import { loggableUrl } from '@vnmarket/shared';

it('keeps a URL as it is, but the values of its signing parameters: a signed upload link works for whoever reads it', () => {
  expect(loggableUrl('/api/listings?limit=20&search=ph%E1%BB%9F')).toBe('/api/listings?limit=20&search=ph%E1%BB%9F');
  expect(loggableUrl('/api/objects/upload/0b5c?expires=1796000000&signature=9f86d081884c7d65')).toBe(
    '/api/objects/upload/0b5c?expires=1796000000&signature=[redacted]',
  );
  expect(loggableUrl('/bucket/key?X-Amz-Credential=AKIA%2F2026&X-Amz-Signature=abc&x-id=PutObject')).toBe(
    '/bucket/key?X-Amz-Credential=[redacted]&X-Amz-Signature=[redacted]&x-id=PutObject',
  );
  expect(loggableUrl('/ws?token=secret#frag')).toBe('/ws?token=[redacted]#frag');
  expect(loggableUrl(undefined)).toBeUndefined();
});
