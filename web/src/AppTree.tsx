/**
 * The whole app with its providers, under the router it is given: BrowserRouter in the browser
 * (./main.tsx), a router fixed at "/" when the build prerenders the landing page (./prerender.tsx). One
 * tree for both, so the prerendered markup and styles come from the same components as the app.
 */
import { StrictMode, type ComponentType, type ReactNode } from 'react';
import { SWRConfig } from 'swr';
import App from './App';
import { ToastProvider } from './components/Toast';
import { swrConfig } from './lib/queries';

export function AppTree({ router: Router }: { router: ComponentType<{ children?: ReactNode }> }) {
  return (
    <StrictMode>
      <SWRConfig value={swrConfig}>
        <Router>
          <ToastProvider>
            <App />
          </ToastProvider>
        </Router>
      </SWRConfig>
    </StrictMode>
  );
}
