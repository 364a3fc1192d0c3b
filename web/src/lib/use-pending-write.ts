import { useRef, useState } from 'react';
import { useFailureToast } from './hooks';

type Failure = { title?: string; description: string };

/**
 * A write a button starts: `run` starts it unless one is still under way, `pending` is true meanwhile (the
 * button shows it), and a failure has its toast: Unauthorized with the sign-in redirect, or `failure` (given
 * the error when the words depend on it).
 */
export function usePendingWrite<Args extends unknown[]>(
  write: (...args: Args) => Promise<unknown>,
  failure: Failure | ((error: unknown) => Failure),
): [run: (...args: Args) => Promise<void>, pending: boolean] {
  const failed = useFailureToast();
  const [pending, setPending] = useState(false);
  // The state is only drawn on the next render: the ref also stops a second tap that comes before it.
  const running = useRef(false);
  const run = async (...args: Args) => {
    if (running.current) return;
    running.current = true;
    setPending(true);
    try {
      await write(...args);
    } catch (error) {
      failed(error, typeof failure === 'function' ? failure(error) : failure);
    } finally {
      running.current = false;
      setPending(false);
    }
  };
  return [run, pending];
}
