/**
 * A modal dialog: labelled by its title, focus moves in on open and back to the opener on close, Tab
 * stays inside, Escape and the backdrop close it, and the page behind does not scroll.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { FOCUSABLE, keepTabInside } from '../lib/focus';
import { CloseIcon } from './Icons';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  width?: number;
  /** The height it opens at (the message modal is 500 px); it grows when large text needs more. */
  height?: number;
  testId?: string;
}

export function Dialog({ open, onClose, title, description, children, width = 480, height, testId }: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  // Escape calls the latest onClose without re-running the open effect (which would move focus again).
  const close = useEffectEvent(() => onClose());
  const { t } = useLingui();

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    // The marked control, else the first one of the content (not the close button), else the dialog itself.
    const first = panel.current?.querySelector<HTMLElement>('[data-autofocus]') ?? body.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel.current)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        close();
        return;
      }
      if (panel.current) keepTabInside(panel.current, event);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      opener?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  return createPortal(
    <Backdrop onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <Panel
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        data-testid={testId}
        // At least `height` (within the screen), taller when large text needs it: the body scrolls beyond the screen.
        style={{ maxWidth: width, minHeight: height === undefined ? undefined : `min(${height}px, calc(100vh - 32px))` }}
      >
        <Head>
          <div>
            <h2 id={titleId}>{title}</h2>
            {description && <p id={descriptionId}>{description}</p>}
          </div>
          <CloseButton type="button" aria-label={t`Close`} onClick={onClose}>
            <CloseIcon size={18} />
          </CloseButton>
        </Head>
        <Body ref={body}>{children}</Body>
      </Panel>
    </Backdrop>,
    document.body,
  );
}

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 50;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 16px;
  background: rgb(28 25 23 / 55%);
`;

const Panel = styled.div`
  display: flex;
  flex-direction: column;
  width: 100%;
  max-height: calc(100vh - 32px);
  overflow: hidden;
  border-radius: var(--radius);
  background: var(--surface);
  box-shadow: var(--shadow-lg);
  outline: none;
`;

const Head = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: 12px;
  padding: 20px 20px 8px;
  h2 {
    font-size: 1.15rem;
    font-weight: 700;
  }
  p {
    margin-top: 4px;
    font-size: 0.9rem;
    color: var(--muted);
  }
`;

const Body = styled.div`
  flex: 1;
  min-height: 0;
  overflow-y: auto;
  padding: 8px 20px 20px;
  display: flex;
  flex-direction: column;
`;

/* 44 px to touch (WCAG 2.5.5), drawn where an 18 px icon with a small pad would be. */
const CloseButton = styled.button`
  flex: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 44px;
  min-height: 44px;
  margin: -10px -12px 0 0;
  padding: 6px;
  border: 0;
  border-radius: 6px;
  background: transparent;
  cursor: pointer;
  color: var(--muted);
  &:hover {
    background: var(--subtle);
    color: var(--text);
  }
`;

/** A dialog's buttons, at its end; they wrap onto another line rather than run off a narrow screen with large text. */
export const DialogActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 10px;
`;
