/**
 * Test accounts for the k6 scripts: signed in once in setup(), registered only when they do not exist yet.
 */
import http from 'k6/http';
import { fail } from 'k6';

const LIMITS_HINT =
  'a load test comes from few addresses and meets the sign-up and sign-in limits: on a test cluster install ' +
  'with -f charts/marketplace/values-loadtest.yaml, or lower USERS, or pass USERS_FILE (deploy/k6/README.md)';

/** The accounts a script uses: USERS_FILE's, or `count` generated ones (phone prefix + 4 digits, the same every run). */
export function plannedAccounts({ usersFile, count, phonePrefix, password, firstName }) {
  if (usersFile) return usersFile.map((user) => ({ identifier: user.identifier, password: user.password }));
  return Array.from({ length: count }, (_, i) => ({
    identifier: `${phonePrefix}${String(i).padStart(4, '0')}`,
    password,
    profile: { firstName, lastName: `Nguyễn ${i}` },
  }));
}

/**
 * Signs every account in and returns [{identifier, password, id, cookie}] (cookie: the session cookie's value).
 * Sign-in comes first and sign-up only for an account that does not exist: an unverified number can be held by
 * several accounts, so registering on every run would create a new account each time and spend the address's
 * sign-up allowance; this way a re-run only signs in. `batch` requests go out at once (argon2 on the server
 * makes each take a while).
 */
export function signInAll(accounts, { baseUrl, headers, cookieName, batch = 10 }) {
  const ready = [];
  for (let start = 0; start < accounts.length; start += batch) {
    const chunk = accounts.slice(start, start + batch);
    const logins = http.batch(
      chunk.map((account) => [
        'POST',
        `${baseUrl}/api/login`,
        JSON.stringify({ identifier: account.identifier, password: account.password }),
        // 401: not registered yet (the first run); expected here, so it does not count as a failed request.
        { headers, tags: { name: 'setup login' }, responseCallback: http.expectedStatuses(200, 401) },
      ]),
    );
    const missing = [];
    chunk.forEach((account, i) => {
      const response = logins[i];
      if (response.status === 200) ready[start + i] = sessionOf(account, response, cookieName);
      else if (response.status === 401 && account.profile) missing.push(i);
      else fail(explain(`signing in ${account.identifier}`, response));
    });
    if (missing.length === 0) continue;
    const registrations = http.batch(
      missing.map((i) => [
        'POST',
        `${baseUrl}/api/register`,
        JSON.stringify({ ...chunk[i].profile, phone: chunk[i].identifier, password: chunk[i].password }),
        { headers, tags: { name: 'setup register' } },
      ]),
    );
    missing.forEach((i, j) => {
      const response = registrations[j];
      if (response.status !== 201) fail(explain(`registering ${chunk[i].identifier}`, response));
      ready[start + i] = sessionOf(chunk[i], response, cookieName);
    });
  }
  return ready;
}

function explain(what, response) {
  if (response.status === 429) return `${what} answered 429 (${messageOf(response)}): ${LIMITS_HINT}`;
  if (response.status === 409) return `${what} answered 409: a verified account with another password holds that number; choose another PHONE_PREFIX`;
  if (response.status === 401) return `${what} answered 401: is the password in USERS_FILE right?`;
  return `${what} answered ${response.status}: ${response.body}`;
}

function messageOf(response) {
  try {
    return response.json('message');
  } catch (_error) {
    return response.body;
  }
}

function sessionOf(account, response, cookieName) {
  const cookies = response.cookies[cookieName];
  if (!cookies || cookies.length === 0) fail(`no ${cookieName} cookie from ${response.request.url}`);
  return { identifier: account.identifier, password: account.password, id: response.json('id'), cookie: cookies[0].value };
}
