import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { preloadApiContract } from '../lib/api-client';
import { loadAreaMessages } from '../messages/en-US';

// Vitest runs without globals, so testing-library cannot register its own cleanup.
afterEach(() => cleanup());

// On two busy cores a lazy route can take seconds to render: find* waits up to 10 s (a bound, not a delay).
configure({ asyncUtilTimeout: 10_000 });

// Calls are made with the contract table at hand, as in the app once it has loaded.
await preloadApiContract();

// Components are rendered on their own, without the page route that loads the areas' texts first.
await loadAreaMessages();
