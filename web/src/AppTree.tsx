/**
 * The whole app with its providers, under the router it is given: BrowserRouter in the browser
 * (./main.tsx), a router fixed at "/" when the build prerenders the landing page (./prerender.tsx). One
 * tree for both, so the prerendered markup and styles come from the same components as the app. The
 * language is active before it renders (lib/i18n.ts).
 */
import { StrictMode, type ComponentType, type ReactNode } from 'react';
import { I18nProvider } from '@lingui/react';
import { SWRConfig } from 'swr';
import App from './App';
import { ToastProvider } from './components/Toast';
import { i18n, useLocale } from './lib/i18n';
import { swrConfig } from './lib/queries';

export function AppTree({ router }: { router: ComponentType<{ children?: ReactNode }> }) {
  return (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <LocalizedTree router={router} />
      </I18nProvider>
    </StrictMode>
  );
}

/**
 * Everything under the language: rendered anew when it changes, so every part re-renders in the new
 * language, those that format with lib/format.ts without asking for it too. A re-render, not a remount:
 * forms keep what was typed. Not when more messages arrive (a lazy screen's): those that show them ask for
 * them (useLingui), and a whole render of the app on a phone is a long task.
 */
function LocalizedTree({ router: Router }: { router: ComponentType<{ children?: ReactNode }> }) {
  useLocale();
  return (
    <SWRConfig value={swrConfig}>
      <Router>
        <ToastProvider>
          <App />
        </ToastProvider>
      </Router>
    </SWRConfig>
  );
}
