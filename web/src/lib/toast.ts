/**
 * Showing a toast from anywhere: `useToast()` answers the function that shows one. The toasts
 * themselves (one at a time, their timing and look) are components/Toast.tsx's ToastProvider, which
 * supplies this context.
 */
import { createContext, useContext } from 'react';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

export const ToastContext = createContext<(toast: ToastInput) => void>(() => undefined);

export function useToast(): (toast: ToastInput) => void {
  return useContext(ToastContext);
}
