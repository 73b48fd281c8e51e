import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadApiContract } from './lib/api-client';
import './styles/index.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

// The API contract loads beside the first page, not in it (web/src/lib/api-client.ts).
void preloadApiContract();
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
