/**
 * The page-side script that reads the largest contentful paint from the browser's own PerformanceObserver:
 * the last largest-contentful-paint entry once none has come for `quietMs` (or `firstTimeoutMs` for the
 * first), with the navigation timing. For page.evaluate() in the first-page bench and the member's first
 * page script: a string, since the TypeScript loader would wrap a named function in a helper the page lacks.
 */
export interface PageTiming {
  /** The largest contentful paint, ms after navigation start (NaN: none reported). */
  lcp: number;
  /** DOMContentLoaded's end and load's end, ms after navigation start. */
  dcl: number;
  load: number;
}

export function readLcpScript(quietMs: number, firstTimeoutMs: number): string {
  return `new Promise((resolve) => {
  let lcp = Number.NaN;
  let quiet;
  const finish = () => {
    observer.disconnect();
    const [navigation] = performance.getEntriesByType('navigation');
    resolve({ lcp, dcl: navigation ? navigation.domContentLoadedEventEnd : Number.NaN, load: navigation ? navigation.loadEventEnd : Number.NaN });
  };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) lcp = entry.startTime;
    clearTimeout(quiet);
    quiet = setTimeout(finish, ${quietMs});
  });
  quiet = setTimeout(finish, ${firstTimeoutMs});
  observer.observe({ type: 'largest-contentful-paint', buffered: true });
})`;
}
