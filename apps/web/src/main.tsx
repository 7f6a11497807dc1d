import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { App } from './App';
import { bootI18n, currentLanguage } from './i18n/language';
import { registerServiceWorker } from './pwa';
import './ui/theme.css';

void bootI18n().then((i18n) => {
  document.documentElement.lang = currentLanguage(i18n);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </I18nextProvider>
    </StrictMode>,
  );
});

registerServiceWorker();
