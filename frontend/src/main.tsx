import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'bootstrap/dist/css/bootstrap.min.css';
import './shared/ui/theme.css';
import { App } from './app/app';
import { loadRuntimeConfig } from './shared/config/runtime-config';

// The identity provider waits for /api/config: ask before React's first render.
void loadRuntimeConfig();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
