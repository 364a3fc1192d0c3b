/** How a filter's value follows the address that owns it: typed values settle first, chosen ones show at once. */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/** How long typing settles before a typed filter counts. */
const TYPING_SETTLE_MS = 400;

/**
 * A typed value that counts (`commit`, after `normalize`) once typing settles; a change from outside
 * (back button, "Clear all") replaces what is in the box.
 */
export function useDraft(
  value: string,
  commit: (value: string) => void,
  normalize: (typed: string) => string = (typed) => typed.trim(),
): [string, (value: string) => void] {
  const [draft, setDraft] = useState(value);
  // The value last seen from outside, the value this box last committed, and how many outside changes replaced the box.
  const [seen, setSeen] = useState(value);
  const [committed, setCommitted] = useState(value);
  const [outsideChanges, setOutsideChanges] = useState(0);
  if (value !== seen) {
    setSeen(value);
    // Our own commit coming back leaves the box alone; anything else replaces it (and drops a pending commit, below).
    if (value !== committed) {
      setCommitted(value);
      setDraft(value);
      setOutsideChanges((count) => count + 1);
    }
  }
  const timer = useRef<number | undefined>(undefined);
  // The latest `commit` for a timer set on an earlier render.
  const commitRef = useRef(commit);
  useLayoutEffect(() => {
    commitRef.current = commit;
  });
  // An outside change drops the pending commit, and so does unmounting.
  useEffect(() => () => window.clearTimeout(timer.current), [outsideChanges]);
  const change = (next: string) => {
    setDraft(next);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      const normalized = normalize(next);
      setCommitted(normalized);
      commitRef.current(normalized);
    }, TYPING_SETTLE_MS);
  };
  return [draft, change];
}

/**
 * A value shown at once while the address (which owns it) catches up: navigations render in a
 * transition, and a controlled checkbox would otherwise spring back until then.
 */
export function useShownValue(value: string, onChange: (value: string) => void): [string, (value: string) => void] {
  const [shown, setShown] = useState(value);
  // A new value from the address replaces what is shown (adjusted while rendering, not in an effect).
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    setShown(value);
  }
  return [
    shown,
    (next) => {
      setShown(next);
      onChange(next);
    },
  ];
}
