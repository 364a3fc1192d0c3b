import { parseWrkReport } from '../wrk';

/** What wrk 4.1 (Debian 12) printed for `wrk -t1 -c5 -d2s --latency -s report.lua` against a server answering 404. */
const NOT_FOUND_REPORT = `Running 2s test @ http://127.0.0.1:8765/nonexistent
  1 threads and 5 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     2.89ms    1.58ms  27.28ms   97.27%
    Req/Sec     1.76k   252.47     2.45k    80.00%
  Latency Distribution
     50%    2.73ms
     75%    3.18ms
     90%    3.67ms
     99%    6.43ms
  3517 requests in 2.00s, 1.74MB read
  Non-2xx or 3xx responses: 3517
Requests/sec:   1758.31
Transfer/sec:      0.87MB
p95_us 4127
`;

it('reads the request rate, count, percentiles and failed answers of a wrk report', () => {
  expect(parseWrkReport(NOT_FOUND_REPORT)).toEqual({ requestsPerSecond: 1758.31, requests: 3517, p50Ms: 2.73, p95Ms: 4.127, p99Ms: 6.43, failures: 3517 });
});

it('reads microseconds and seconds, and counts socket errors as failures', () => {
  const report = NOT_FOUND_REPORT.replace('2.73ms', '812.00us')
    .replace('6.43ms', '1.20s')
    .replace('  Non-2xx or 3xx responses: 3517\n', '  Socket errors: connect 0, read 2, write 0, timeout 5\n');
  const result = parseWrkReport(report);
  expect(result.p50Ms).toBeCloseTo(0.812, 6);
  expect(result.p99Ms).toBe(1200);
  expect(result.failures).toBe(7);
});

it('refuses a report without the latency distribution (wrk run without --latency)', () => {
  expect(() => parseWrkReport(NOT_FOUND_REPORT.replace(/ {5}50%.*\n/, ''))).toThrow(/50th percentile/);
});

it('refuses a report without the p95 of the report script', () => {
  expect(() => parseWrkReport(NOT_FOUND_REPORT.replace(/p95_us.*\n/, ''))).toThrow(/p95/);
});
