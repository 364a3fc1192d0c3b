/**
 * A module a screen needs only once the reader acts, loaded just after the screen's first paint rather than
 * before it: the sign-in and sign-up forms' checks (proto's zod schemas and the server's messages in the
 * reader's language). On a phone the screen then paints with only what it shows, and Lighthouse's largest
 * paint (the heading) does not wait for those bytes. The checks are in place long
 * before anyone leaves a field; a check asked for sooner waits for the module (final-form waits for a
 * pending check before it submits).
 */
import { useEffect } from 'react';

export interface AfterPaint<M> {
  /** In the screen: loads the module once the screen has painted. */
  useLoadAfterPaint(): void;
  /** The module, loading it now if nothing has asked for it yet (a failed load is tried again). */
  load(): Promise<M>;
  /** A field check taken from the module: synchronous once it has loaded, until then a promise of its answer. */
  check(pick: (module: M) => (value: unknown) => string | undefined): FieldCheck;
}

type FieldCheck = (value: unknown) => string | undefined | Promise<string | undefined>;

/**
 * How long after the screen's first frame the module is asked for. A busy phone shows a frame some time after
 * it has drawn it, and what is asked for before the largest paint shows counts against it (Lighthouse's
 * simulated LCP takes in every request that began before the paint it saw): on a loaded machine a request
 * queued right after the frame can still go out before the paint is recorded. A reader takes longer
 * than this to leave a field.
 */
const AFTER_PAINT_DELAY_MS = 300;

/** Runs `run` AFTER_PAINT_DELAY_MS after the next frame has been drawn (a timer set from the frame's animation callback). */
function afterNextPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, AFTER_PAINT_DELAY_MS);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

export function loadAfterPaint<M>(loader: () => Promise<M>): AfterPaint<M> {
  let loaded: M | undefined;
  let loading: Promise<M> | undefined;
  let markAsked: () => void = () => undefined;
  const asked = new Promise<void>((resolve) => {
    markAsked = resolve;
  });
  const load = (): Promise<M> => {
    markAsked();
    loading ??= loader().then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return {
    useLoadAfterPaint() {
      useEffect(() => afterNextPaint(() => void load().catch(() => undefined)), []);
    },
    load,
    check(pick) {
      // Not loading before the paint: a field checks itself as it registers, during the screen's first render.
      return (value) => (loaded ? pick(loaded)(value) : asked.then(load).then((module) => pick(module)(value)));
    },
  };
}
