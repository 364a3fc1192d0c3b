import { isAllowedPushEndpoint } from '../src/notifications/push-endpoints';

const SERVICES = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'notify.windows.com', 'push.apple.com'];
const production = { serviceHosts: SERVICES, allowLoopback: false };
const development = { serviceHosts: SERVICES, allowLoopback: true };

describe('which push endpoints the server sends to', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc:def',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
    'https://wns2-by3p.notify.windows.com/w/?token=x',
    'https://web.push.apple.com/QGx',
  ])('takes a browser push service: %s', (endpoint) => {
    expect(isAllowedPushEndpoint(endpoint, production)).toBe(true);
  });

  it.each([
    ['plain http to a push service', 'http://fcm.googleapis.com/fcm/send/abc'],
    ['a look-alike host', 'https://fcm.googleapis.com.attacker.example/x'],
    ['a host that ends like one without the dot', 'https://evilpush.apple.com.example/x'],
    ['credentials in the URL', 'https://user:pass@fcm.googleapis.com/x'],
    ['an IP address', 'https://169.254.169.254/latest/meta-data'],
    ['an IPv6 address', 'https://[::ffff:127.0.0.1]/x'],
    ['the loopback address in production', 'http://127.0.0.1:9000/push/1'],
    ['localhost in production', 'https://localhost/push/1'],
    ['not a URL', 'fcm.googleapis.com/x'],
    ['another scheme', 'ftp://fcm.googleapis.com/x'],
  ])('refuses %s', (_label, endpoint) => {
    expect(isAllowedPushEndpoint(endpoint, production)).toBe(false);
  });

  it('takes the loopback address over http in development, and still nothing else of the network', () => {
    expect(isAllowedPushEndpoint('http://127.0.0.1:9000/push/1', development)).toBe(true);
    expect(isAllowedPushEndpoint('http://[::1]:9000/push/1', development)).toBe(true);
    expect(isAllowedPushEndpoint('http://localhost:9000/push/1', development)).toBe(true);
    expect(isAllowedPushEndpoint('http://10.0.0.5/push/1', development)).toBe(false);
    expect(isAllowedPushEndpoint('http://example.com/push/1', development)).toBe(false);
  });
});
