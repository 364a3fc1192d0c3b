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
import { i18n } from './lib/i18n';
import { swrConfig } from './lib/queries';

export function AppTree({ router: Router }: { router: ComponentType<{ children?: ReactNode }> }) {
  return (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <SWRConfig value={swrConfig}>
          <Router>
            <ToastProvider>
              <App />
            </ToastProvider>
          </Router>
        </SWRConfig>
      </I18nProvider>
    </StrictMode>
  );
}
