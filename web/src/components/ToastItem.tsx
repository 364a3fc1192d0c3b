/** One toast (./Toast.tsx shows at most one): its timer, its swipe to dismiss and its close button. */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import styled, { css } from 'styled-components';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from '../lib/timing';
import { CloseIcon } from './FirstPageIcons';
import type { ShownToast } from './Toast';

export default function ToastItem({ toast, onDismiss }: { toast: ShownToast; onDismiss: () => void }) {
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
