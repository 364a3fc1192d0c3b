/**
 * Reading the scripts' settings (-e NAME=value) and shaping their load. A bad value stops the run at once,
 * before setup() creates anything.
 */

/**
 * steady: an open model at a fixed rate (arrival-rate executors: a slow answer does not slow the arrivals,
 * so latency is not hidden by coordinated omission). capacity: the rate climbs through HOLD, to find where
 * the system stops keeping up. smoke: a few closed-loop VUs, to try a script or a deployment.
 */
const LOADS = ['steady', 'capacity', 'smoke'];

export function loadSetting(env) {
  const load = env.LOAD || 'steady';
  if (!LOADS.includes(load)) throw new Error(`LOAD must be one of ${LOADS.join(', ')}, not "${load}"`);
  return load;
}

/** A number setting: `fallback` when unset; an Error when it is not a number of at least `min`. */
export function numberSetting(env, name, fallback, { min = 0, integer = false } = {}) {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || (integer && !Number.isInteger(value))) {
    throw new Error(`${name} must be ${integer ? 'an integer' : 'a number'} of at least ${min}, not "${raw}"`);
  }
  return value;
}

/** A k6 duration ('90s', '2m', '1h30m', '500ms', or plain seconds) in seconds. */
export function durationSeconds(text) {
  if (/^\d+(\.\d+)?$/.test(String(text))) return Number(text);
  const units = { ms: 0.001, s: 1, m: 60, h: 3600 };
  let total = 0;
  let rest = String(text);
  const part = /^(\d+(?:\.\d+)?)(ms|s|m|h)/;
  while (rest.length > 0) {
    const match = part.exec(rest);
    if (!match) throw new Error(`"${text}" is not a duration such as 90s, 2m or 1h30m`);
    total += Number(match[1]) * units[match[2]];
    rest = rest.slice(match[0].length);
  }
  return total;
}

/** A "low-high" range of seconds ("3-10", or "5" for exactly 5). */
export function rangeSetting(env, name, fallback) {
  const [low, high] = String(env[name] || fallback)
    .split('-')
    .map(Number);
  const range = { low, high: high === undefined ? low : high };
  if (!Number.isFinite(range.low) || !Number.isFinite(range.high) || range.low < 0 || range.high < range.low) {
    throw new Error(`${name} must be seconds as low-high (e.g. 3-10), not "${env[name]}"`);
  }
  return range;
}

/**
 * An arrival-rate executor for `ratePerS` iterations a second (capacity: climbing on to `peakPerS` over
 * `duration`), reached over `ramp` when one is given. Rates go per minute, so fractional rates (0.5/s)
 * work. k6 keeps up to maxVUs iterations in flight: enough for `iterationS` seconds each at the peak, and
 * ten times that before it drops arrivals (dropped_iterations, in the summary), so a slow system shows up
 * as latency and not as a lower rate.
 */
export function arrivalRate({ load, ratePerS, peakPerS, duration, ramp, iterationS, maxVUs, ...rest }) {
  const perMinute = (rate) => Math.max(1, Math.round(rate * 60));
  const peak = load === 'capacity' ? Math.max(peakPerS, ratePerS) : ratePerS;
  const preAllocatedVUs = Math.ceil(peak * iterationS) + 2;
  const vus = { preAllocatedVUs, maxVUs: Math.max(maxVUs || preAllocatedVUs * 10, preAllocatedVUs) };
  if (load !== 'capacity' && !ramp) return { executor: 'constant-arrival-rate', rate: perMinute(ratePerS), timeUnit: '1m', duration, ...vus, ...rest };
  const stages = [{ duration, target: perMinute(peak) }];
  if (ramp) stages.unshift({ duration: ramp, target: perMinute(ratePerS) });
  return { executor: 'ramping-arrival-rate', startRate: ramp ? 0 : perMinute(ratePerS), timeUnit: '1m', stages, ...vus, ...rest };
}
