import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { startTheme } from './state/theme';
import { call } from './bridge/client';
import './styles.css';
import './theme-dark.css';

const container = document.getElementById('root');
if (container === null) {
  throw new Error('index.html has no #root element');
}

startTheme(() => call('ui.theme', {}).then((r) => r.theme));
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
