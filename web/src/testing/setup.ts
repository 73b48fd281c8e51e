import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Vitest runs without globals, so testing-library cannot register its own cleanup.
afterEach(() => cleanup());

// On two busy cores a lazy route can take over a second to render: find* waits 3 s, not 1.
configure({ asyncUtilTimeout: 3000 });
