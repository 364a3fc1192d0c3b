/**
 * Toasts: a title and a description in the default or destructive style, one visible at a time (a new
 * one replaces it), closing after 5 s (paused while pointed at or focused); swipe right past 50 px to
 * dismiss; F8 moves focus to the notifications region, and focus inside it goes back where it came from
 * when the toast closes. Screens show one with lib/toast.ts's useToast.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type FocusEvent, type PointerEvent, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import styled, { css } from 'styled-components';
import { media } from '../lib/breakpoints';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from '../lib/timing';
import { ToastContext, type ToastInput } from '../lib/toast';
import { focusMain } from '../lib/focus';
import { CloseIcon } from './FirstPageIcons';

interface ShownToast extends ToastInput {
  id: number;
}

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
        {current && <ToastItem key={current.id} toast={current} onDismiss={dismiss} />}
      </Viewport>
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, onDismiss }: { toast: ShownToast; onDismiss: () => void }) {
  const { t } = useLingui();
  const [offset, setOffset] = useState(0);
  const start = useRef<number | null>(null);
  // The 5 s run only while nobody points at the toast or focuses it (WCAG 2.2.1), and resume with what was left.
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const remaining = useRef(TOAST_DURATION_MS);
  useEffect(() => {
    if (hovered || focused) return;
    const started = Date.now();
    const timer = window.setTimeout(onDismiss, remaining.current);
    return () => {
      window.clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [hovered, focused, onDismiss]);
  const onPointerDown = (event: PointerEvent) => {
    if ((event.target as HTMLElement).closest('button')) return;
    start.current = event.clientX;
    (event.currentTarget as HTMLElement).setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent) => {
    if (start.current !== null) setOffset(Math.max(0, event.clientX - start.current));
  };
  const onPointerUp = () => {
    if (start.current === null) return;
    start.current = null;
    if (offset > TOAST_SWIPE_THRESHOLD_PX) onDismiss();
    else setOffset(0);
  };
  const destructive = toast.variant === 'destructive';
  return (
    <Item
      role={destructive ? 'alert' : 'status'}
      aria-live={destructive ? 'assertive' : 'polite'}
      aria-atomic="true"
      data-testid="toast"
      data-variant={toast.variant ?? 'default'}
      $destructive={destructive}
      style={offset ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.2, 1 - offset / 200) } : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => !event.currentTarget.contains(event.relatedTarget) && setFocused(false)}
    >
      <div>
        <ToastTitle>{toast.title}</ToastTitle>
        {toast.description && <ToastDescription>{toast.description}</ToastDescription>}
      </div>
      <CloseButton type="button" aria-label={t`Close notification`} onClick={onDismiss}>
        <CloseIcon size={16} />
      </CloseButton>
    </Item>
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

const Item = styled.div<{ $destructive: boolean }>`
  pointer-events: auto;
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: 12px;
  padding: 16px 18px;
  border-radius: var(--radius);
  border: 1px solid var(--border);
  background: var(--surface);
  color: var(--text);
  box-shadow: var(--shadow-lg);
  touch-action: pan-y;
  animation: toast-in 160ms ease-out;
  ${({ $destructive }) =>
    $destructive &&
    css`
      background: var(--danger);
      border-color: var(--danger);
      color: #fff;
    `}
  @keyframes toast-in {
    from {
      transform: translateY(8px);
      opacity: 0;
    }
  }
`;

const ToastTitle = styled.div`
  font-weight: 600;
  font-size: 0.95rem;
`;

const ToastDescription = styled.div`
  margin-top: 2px;
  font-size: 0.875rem;
`;

const CloseButton = styled.button`
  flex: none;
  display: inline-flex;
  padding: 4px;
  border: 0;
  border-radius: 6px;
  background: transparent;
  color: inherit;
  cursor: pointer;
  opacity: 0.75;
  &:hover,
  &:focus-visible {
    opacity: 1;
  }
`;
