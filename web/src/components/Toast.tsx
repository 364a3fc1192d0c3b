/**
 * Toasts: a title and a description in the default or destructive style, one visible at a time (a new
 * one replaces it), closing after 5 s (paused while pointed at or focused); swipe right past 50 px to
 * dismiss; F8 moves focus to the notifications region, and focus inside it goes back where it came from
 * when the toast closes. Screens show one with lib/toast.ts's useToast. The toast itself (./ToastItem.tsx)
 * loads on demand, soon after the first page (a page rarely opens with one), so the first page's JS does
 * not carry it.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type FocusEvent, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { media } from '../lib/breakpoints';
import { ToastContext, type ToastInput } from '../lib/toast';
import { focusMain } from '../lib/focus';
import { withAppMessages } from '../lib/i18n';

export interface ShownToast extends ToastInput {
  id: number;
}

const loadToastItem = withAppMessages(() => import('./ToastItem'));
const ToastItem = lazy(loadToastItem);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ShownToast | null>(null);
  const nextId = useRef(1);
  const viewport = useRef<HTMLDivElement>(null);
  const { t } = useLingui();

  // Where focus was before it entered the notifications (F8 or Tab): when the toast holding it closes, focus
  // goes back there (or to <main>) rather than to <body>.
  const returnFocus = useRef<HTMLElement | null>(null);
  const onFocus = (event: FocusEvent) => {
    if (!viewport.current?.contains(event.relatedTarget)) returnFocus.current = event.relatedTarget as HTMLElement | null;
  };
  const restoreFocus = useCallback(() => {
    const active = document.activeElement;
    if (active === viewport.current || !viewport.current?.contains(active)) return;
    if (returnFocus.current?.isConnected) return returnFocus.current.focus();
    focusMain();
  }, []);

  const show = useCallback(
    (toast: ToastInput) => {
      restoreFocus();
      setCurrent({ ...toast, id: nextId.current++ });
    },
    [restoreFocus],
  );
  const dismiss = useCallback(() => {
    restoreFocus();
    setCurrent(null);
  }, [restoreFocus]);

  // Fetched while the page is idle, so a toast shown soon after (then a redirect) does not wait for it.
  useEffect(() => {
    const id = window.setTimeout(() => void loadToastItem().catch(() => undefined), 1000);
    return () => window.clearTimeout(id);
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F8') viewport.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <Viewport ref={viewport} tabIndex={-1} role="region" aria-label={t`Notifications (F8)`} onFocus={onFocus}>
        {current && (
          <Suspense fallback={null}>
            <ToastItem key={current.id} toast={current} onDismiss={dismiss} />
          </Suspense>
        )}
      </Viewport>
    </ToastContext.Provider>
  );
}

const Viewport = styled.div`
  position: fixed;
  z-index: 100;
  top: 0;
  right: 0;
  display: flex;
  flex-direction: column;
  gap: 8px;
  width: 100%;
  max-height: 100vh;
  margin: 0;
  padding: 16px;
  list-style: none;
  pointer-events: none;
  outline: none;
  ${media.tablet} {
    top: auto;
    bottom: 0;
    max-width: 420px;
  }
`;
