import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import App from './App';
import { GlobalStyle } from './GlobalStyle';
import { ToastProvider } from './components/Toast';
import { swrConfig } from './lib/queries';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SWRConfig value={swrConfig}>
      <BrowserRouter>
        <GlobalStyle />
        <ToastProvider>
          <App />
        </ToastProvider>
      </BrowserRouter>
    </SWRConfig>
  </StrictMode>,
);
