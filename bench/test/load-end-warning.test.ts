import { isLoadEndWarning } from '../lib/processes';

it("tells the gateway's warning for a client that left from its other lines", () => {
  const left =
    '{"level":40,"time":"2026-11-27T10:52:27.194Z","service":"gateway","requestId":"f17c9db1","method":"GET","url":"/api/auth/user","status":200,"ms":7,"msg":"client left before the answer was sent"}';
  const failed = '{"level":40,"service":"gateway","err":"connect ECONNREFUSED","url":"/api/auth/user","msg":"upstream request failed"}';
  expect(isLoadEndWarning(left)).toBe(true);
  expect(isLoadEndWarning(failed)).toBe(false);
  expect(isLoadEndWarning('gateway failed to start: Error: listen EADDRINUSE')).toBe(false);
});
